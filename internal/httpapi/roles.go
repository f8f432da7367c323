package httpapi

// Staff roles on the server: each /api/admin route names the permission it
// needs (see routes), checked here on every request against the roles
// read from the database then, so a role given or taken takes effect on
// the next request. The Staff view's calls, the access log and what a
// member of staff's looks at personal data leave in it are here too.

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"spdc/internal/outbox"
	"spdc/internal/roles"
	"spdc/internal/store"
)

// The answers of the role checks and the Staff view.
const (
	msgNotStaff     = "You are not authorized to view this page."
	msgNoPermission = "Your role does not allow this. Please ask an admin if your work needs it."
	msgUnknownRole  = "must list roles among admin, coordinator, accountant, editor and trustee"
	msgLastAdmin    = "The last admin cannot lose the admin role. Make someone else an admin first."
)

type rolesKey struct{}

// requestRoles returns the roles the request's person held when require
// checked them (nil outside a staff route).
func requestRoles(r *http.Request) []string {
	rs, _ := r.Context().Value(rolesKey{}).([]string)
	return rs
}

// routeDecl is one staff route as routes declares it.
type routeDecl struct {
	Pattern string
	Perm    roles.Perm
}

// require answers 401 without a session, 403 for a person with no staff
// role, and 403 (recorded in the access log) for a member of staff whose
// roles do not grant p. roles.TabRead and roles.TabWrite stand for the
// permission of the list {tab} names; a list that does not exist is 404.
func (s *Server) require(p roles.Perm, h handlerFunc) handlerFunc {
	return s.requireUser(func(w http.ResponseWriter, r *http.Request) error {
		u := currentUser(r)
		held, err := s.store.UserRoles(r.Context(), u.ID)
		if err != nil {
			return err
		}
		if len(held) == 0 {
			return errorf(http.StatusForbidden, msgNotStaff)
		}
		// An admin or accountant reaches the dashboard only with two-step
		// sign-in once it is in use on the site; My Account's calls stay
		// open, so they can set it up.
		if strings.HasPrefix(r.URL.Path, "/api/admin/") {
			lacking, err := s.needsTwoStep(r.Context(), u.ID, held)
			if err != nil {
				return err
			}
			if lacking {
				return &Error{Status: http.StatusForbidden, Message: msgTwoStepNeeded, Code: codeTwoStepRequired}
			}
		}
		need := p
		if p == roles.TabRead || p == roles.TabWrite {
			var ok bool
			if need, ok = roles.Tab(r.PathValue("tab"), p); !ok {
				return errorf(http.StatusNotFound, "There is no such list.")
			}
		}
		if !roles.Has(held, need) {
			entity := r.PathValue("tab")
			if entity == "" {
				entity = string(need)
			}
			if err := s.store.WriteAccess(r.Context(), store.Access{Actor: adminActor(r), Roles: held,
				Action: store.AccessDenied, Entity: entity, EntityID: r.PathValue("id"), Route: r.Method + " " + r.URL.Path}); err != nil {
				return err
			}
			return errorf(http.StatusForbidden, msgNoPermission)
		}
		return h(w, r.WithContext(context.WithValue(r.Context(), rolesKey{}, held)))
	})
}

// may reports whether the request's roles grant p.
func may(r *http.Request, p roles.Perm) bool { return roles.Has(requestRoles(r), p) }

// mayTab reports whether the request's roles grant the read (or write)
// permission of the list tab.
func mayTab(r *http.Request, tab string, write bool) bool {
	p := roles.TabRead
	if write {
		p = roles.TabWrite
	}
	need, ok := roles.Tab(tab, p)
	return ok && may(r, need)
}

// logLook records a look by staff at personal data before it is answered:
// if the access log cannot be written, nothing is shown.
func (s *Server) logLook(r *http.Request, action, entity, id string) error {
	return s.store.WriteAccess(r.Context(), store.Access{Actor: adminActor(r), Roles: requestRoles(r),
		Action: action, Entity: entity, EntityID: id, Route: r.Method + " " + r.URL.Path})
}

// meJSON is GET /api/users/me's answer: the user, their roles and what
// those allow, for the web app to show only what the person may use.
type meJSON struct {
	userJSON
	Roles       []string `json:"roles"`
	Permissions []string `json:"permissions"`
}

// userWithRoles is u as GET /api/users/me, sign-in and a profile edit
// answer it: with the roles read now.
func (s *Server) userWithRoles(r *http.Request, u *store.User) (meJSON, error) {
	held, err := s.store.UserRoles(r.Context(), u.ID)
	if err != nil {
		return meJSON{}, err
	}
	return meJSON{userJSON: toUserJSON(u), Roles: held, Permissions: roles.Perms(held)}, nil
}

// me answers GET /api/users/me.
func (s *Server) me(w http.ResponseWriter, r *http.Request) error {
	me, err := s.userWithRoles(r, currentUser(r))
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, me)
	return nil
}

// staffMembers answers GET /api/admin/staff: everyone holding a role,
// with their roles and version (the Staff view, and the owners offered).
func (s *Server) staffMembers(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.StaffMembers(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, list)
	return nil
}

// setStaffRoles answers PUT /api/admin/staff/{id}/roles {roles, __v}: the
// person's roles become exactly those given (an empty list takes them all;
// the last admin keeps admin). The change is in the audit log and mailed
// to the person in their language.
func (s *Server) setStaffRoles(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Roles   *[]string `json:"roles"`
		Version *int      `json:"__v"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	fe := FieldErrors{}
	var names []string
	if in.Roles == nil {
		fe.Add("roles", msgUnknownRole)
	} else if n, ok := roles.Normalize(*in.Roles); ok {
		names = n
	} else {
		fe.Add("roles", msgUnknownRole)
	}
	if in.Version == nil {
		fe.Add("__v", "is required")
	}
	if err := fe.Err(); err != nil {
		return err
	}
	id, err := adminID(r)
	if err != nil {
		return err
	}
	c, err := s.store.SetStaffRoles(r.Context(), id, names, *in.Version, adminActor(r), func(q store.Querier, c store.RoleChange) error {
		if slices.Equal(c.Before, c.Member.Roles) {
			return nil
		}
		m, err := s.mail.In(c.Member.Language).StaffRoles(c.Member.Email, c.Member.FullName, c.Member.Roles)
		if err != nil {
			return err
		}
		return outbox.Enqueue(r.Context(), q, s.now(), m)
	})
	if errors.Is(err, store.ErrLastAdmin) {
		return errorf(http.StatusConflict, msgLastAdmin)
	}
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, c.Member)
	return nil
}

// adminAccessLog answers GET /api/admin/access-log?person=&actor=&page=&pageSize=:
// the looks at personal data, newest first, those at one record (person,
// a record's id) or by one member of staff (actor) when asked; the number
// of matching lines is in X-Total-Count.
func (s *Server) adminAccessLog(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query()
	q := store.AccessQuery{EntityID: v.Get("person"), ActorID: v.Get("actor"), Page: 1, PageSize: 50}
	if (q.EntityID != "" && !store.ValidID(q.EntityID)) || (q.ActorID != "" && !store.ValidID(q.ActorID)) {
		return errorf(http.StatusBadRequest, "The record id is not valid.")
	}
	fe := FieldErrors{}
	if p := v.Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 10_000_000 {
			fe.Add("page", "must be a whole number from 1")
		}
		q.Page = n
	}
	if p := v.Get("pageSize"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > adminMaxPageSize {
			fe.Add("pageSize", "must be a whole number from 1 to 1000")
		}
		q.PageSize = n
	}
	if err := fe.Err(); err != nil {
		return err
	}
	list, total, err := s.store.AccessLog(r.Context(), q)
	if err != nil {
		return err
	}
	w.Header().Set("X-Total-Count", strconv.Itoa(total))
	writeJSON(w, r, http.StatusOK, list)
	return nil
}

// adminTabsFor is the tabs of the dashboard the request's roles may read,
// each editable and deletable only where they may also write.
func adminTabsFor(r *http.Request, all []adminTabJSON) []adminTabJSON {
	out := make([]adminTabJSON, 0, len(all))
	for _, t := range all {
		if !mayTab(r, t.Name, false) {
			continue
		}
		if !mayTab(r, t.Name, true) {
			t.Editable, t.Deletable = false, false
		}
		out = append(out, t)
	}
	return out
}

// staffLooks lists, for a person's own data export, the looks by staff at
// their account and at each record the export holds: the roles of whoever
// looked, what and when, never who.
func (s *Server) staffLooks(r *http.Request, u *store.User, d *store.PersonalData) ([]store.RecordLook, error) {
	ids := []string{u.ID}
	for _, sec := range d.Submissions {
		for _, rec := range sec.Records {
			ids = append(ids, rec.ID())
		}
	}
	return s.store.LooksAt(r.Context(), ids)
}
