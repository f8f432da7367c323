package store

// The staff's roles: admin is the users.is_admin flag (the first admin,
// `spdc admin create` and the API's isAdmin keep their meaning); the
// other roles are rows of user_roles. Roles are read from the database on
// every request that needs them, so a change takes effect at once.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"spdc/internal/roles"
)

// ErrLastAdmin refuses a change that would leave the site without an
// admin.
var ErrLastAdmin = errors.New("store: the last admin cannot lose the admin role")

// UserRoles returns the roles of the user id, in the order of roles.All;
// ErrNotFound when there is no such user.
func (s *Store) UserRoles(ctx context.Context, id string) ([]string, error) {
	return userRoles(ctx, s.Reader(), id)
}

// UserRolesIn is UserRoles read through q (inside the caller's
// transaction).
func UserRolesIn(ctx context.Context, q Querier, id string) ([]string, error) {
	return userRoles(ctx, q, id)
}

func userRoles(ctx context.Context, q Querier, id string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT u.is_admin, COALESCE(r.role, '') FROM users u
		LEFT JOIN user_roles r ON r.user_id = u.id WHERE u.id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("store: user roles: %w", err)
	}
	defer rows.Close()
	var names []string
	found := false
	for rows.Next() {
		var admin bool
		var role string
		if err := rows.Scan(&admin, &role); err != nil {
			return nil, fmt.Errorf("store: user roles: %w", err)
		}
		found = true
		if admin {
			names = append(names, roles.Admin)
		}
		if role != "" {
			names = append(names, role)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: user roles: %w", err)
	}
	if !found {
		return nil, ErrNotFound
	}
	out, _ := roles.Normalize(slices.DeleteFunc(names, func(n string) bool { return !roles.Valid(n) }))
	return out, nil
}

// StaffMember is a person holding at least one role: the Staff view, and
// the owners the dashboard offers.
type StaffMember struct {
	ID       string   `json:"_id"`
	FullName string   `json:"fullName"`
	Email    string   `json:"email"`
	Roles    []string `json:"roles"`
	Version  int      `json:"__v"`
	Language string   `json:"-"`
}

// staffCond is the SQL condition of a member of staff, on users u.
const staffCond = `(u.is_admin = ? OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id))`

// StaffMembers lists everyone holding a role, by name.
func (s *Store) StaffMembers(ctx context.Context) ([]StaffMember, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT u.id, u.full_name, u.email, u.version, u.language FROM users u
		WHERE `+staffCond+` ORDER BY u.full_name, u.id`, true)
	if err != nil {
		return nil, fmt.Errorf("store: staff: %w", err)
	}
	out := []StaffMember{}
	for rows.Next() {
		var m StaffMember
		if err := rows.Scan(&m.ID, &m.FullName, &m.Email, &m.Version, &m.Language); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: staff: %w", err)
		}
		out = append(out, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: staff: %w", err)
	}
	for i := range out {
		if out[i].Roles, err = s.UserRoles(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// IsAdminID reports whether id is the id of a member of staff (any
// role): the people a submission may be given to.
func (s *Store) IsAdminID(ctx context.Context, id string) (bool, error) {
	var n int
	if err := s.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM users u WHERE u.id = ? AND `+staffCond, id, true).Scan(&n); err != nil {
		return false, fmt.Errorf("store: is staff: %w", err)
	}
	return n == 1, nil
}

// RoleChange is a change of a person's roles, as the audit log, the mail
// to the person and the API's answer tell it.
type RoleChange struct {
	Member StaffMember
	Before []string
}

// SetStaffRoles gives the user id exactly roles (normalised names) if
// their record is still at version; ErrNotFound for no such user,
// ErrConflict for a stale version, ErrLastAdmin when it would take admin
// from the only admin. The change, its audit entry and what notify writes
// (the mail to the person) commit together. A person given a role they
// did not hold signs in again (unless they made the change themselves), so
// that a session made before (perhaps a 30-day one) carries no new rights.
func (s *Store) SetStaffRoles(ctx context.Context, id string, names []string, version int, by Actor, notify func(q Querier, c RoleChange) error) (RoleChange, error) {
	var c RoleChange
	err := s.InTx(ctx, func(tx *Tx) error {
		var err error
		c, err = setRoles(ctx, tx, s.now(), id, names, &version, by)
		if err != nil {
			return err
		}
		if notify != nil {
			return notify(tx, c)
		}
		return nil
	})
	return c, err
}

// AddRolesByEmail gives the user with a normalised email the roles names
// besides those they hold (the CLI's promote, whose actor is the command
// line itself).
func (s *Store) AddRolesByEmail(ctx context.Context, email string, names []string, by Actor) (RoleChange, error) {
	var c RoleChange
	err := s.InTx(ctx, func(tx *Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE email = ?`, email).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		held, err := userRoles(ctx, tx, id)
		if err != nil {
			return err
		}
		c, err = setRoles(ctx, tx, s.now(), id, append(held, names...), nil, by)
		return err
	})
	return c, err
}

// setRoles is SetStaffRoles' and AddRolesByEmail's change, inside tx; a
// nil version skips the version check.
func setRoles(ctx context.Context, tx *Tx, now time.Time, id string, names []string, version *int, by Actor) (RoleChange, error) {
	var c RoleChange
	names, ok := roles.Normalize(names)
	if !ok {
		return c, fmt.Errorf("store: set roles: unknown role in %q", strings.Join(names, ","))
	}
	m := &c.Member
	err := tx.QueryRowContext(ctx, `SELECT u.id, u.full_name, u.email, u.version, u.language FROM users u WHERE u.id = ?`, id).
		Scan(&m.ID, &m.FullName, &m.Email, &m.Version, &m.Language)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("store: set roles: %w", err)
	}
	if version != nil && *version != m.Version {
		return c, ErrConflict
	}
	if c.Before, err = userRoles(ctx, tx, m.ID); err != nil {
		return c, err
	}
	admin := slices.Contains(names, roles.Admin)
	if slices.Contains(c.Before, roles.Admin) && !admin {
		var others int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE is_admin = ? AND id <> ?`, true, m.ID).Scan(&others); err != nil {
			return c, fmt.Errorf("store: set roles: %w", err)
		}
		if others == 0 {
			return c, ErrLastAdmin
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET is_admin = ?, version = version + 1, updated_at = ? WHERE id = ?`, admin, Millis(now), m.ID); err != nil {
		return c, fmt.Errorf("store: set roles: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM user_roles WHERE user_id = ?`, m.ID); err != nil {
		return c, fmt.Errorf("store: set roles: %w", err)
	}
	for _, r := range names {
		if r == roles.Admin {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO user_roles (user_id, role, created_at) VALUES (?, ?, ?)`, m.ID, r, Millis(now)); err != nil {
			return c, fmt.Errorf("store: set roles: %w", err)
		}
	}
	m.Version++
	m.Roles = names
	if m.ID != by.ID && slices.ContainsFunc(names, func(r string) bool { return !slices.Contains(c.Before, r) }) {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, m.ID); err != nil {
			return c, fmt.Errorf("store: set roles: end sessions: %w", err)
		}
	}
	err = WriteAudit(ctx, tx, AuditEntry{Actor: by, Action: "roles", Entity: "users", EntityID: m.ID,
		Before: map[string]any{"roles": c.Before}, After: map[string]any{"roles": names}}, now)
	return c, err
}
