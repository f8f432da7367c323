package httpapi

import (
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func validVolunteer() map[string]any {
	return map[string]any{
		"fullName": "Asha Devi", "email": "Asha@Example.org", "mobile": "+91 98765 43210", "address": "12 Temple Road, Vrindavan",
		"country": "India", "nearestCenter": "ISKCON Vrindavan", "availability": "5-10 hours/week",
		"areasOfInterest": []string{"Financial Assistance", "Other"}, "otherInterest": "Cooking",
		"experience": "Nursing for 10 years", "motivation": "Service to the elders", "skills": "Care, cooking", "consent": true,
	}
}

func TestVolunteerRegister(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, notifying("office@spdc.example"))
		set := func(k string, v any) func(map[string]any) { return func(p map[string]any) { p[k] = v } }
		cases := []formsCase{
			{"valid", nil, 201, ""},
			{"minimal", func(p map[string]any) {
				for _, k := range []string{"mobile", "address", "country", "nearestCenter", "availability", "areasOfInterest", "otherInterest"} {
					delete(p, k)
				}
			}, 201, ""},
			{"hostile text is kept as text", set("experience", "<script>alert(1)</script> '; DROP TABLE volunteers; -- 🙏 שלום"), 201, ""},
			{"missing experience", set("experience", "  "), 400, "experience"},
			{"missing motivation", set("motivation", ""), 400, "motivation"},
			{"missing skills", func(p map[string]any) { delete(p, "skills") }, 400, "skills"},
			{"no consent", set("consent", false), 400, "consent"},
			{"consent wrong type", set("consent", "yes"), 400, "consent"},
			{"missing name", set("fullName", ""), 400, "fullName"},
			{"name with markup", set("fullName", "<b>Asha</b>"), 400, "fullName"},
			{"bad email", set("email", "asha@"), 400, "email"},
			{"missing email", set("email", ""), 400, "email"},
			{"bad phone", set("mobile", "call me"), 400, "mobile"},
			{"unknown availability", set("availability", "every day"), 400, "availability"},
			{"unknown interest", set("areasOfInterest", []string{"Gardening"}), 400, "areasOfInterest"},
			{"interests wrong type", set("areasOfInterest", "Other"), 400, "areasOfInterest"},
			{"Other without specify", set("otherInterest", ""), 400, "otherInterest"},
		}
		cases = append(cases, hostileCases("skills", 4000)...)
		cases = append(cases, hostileCases("fullName", 120)...)
		runFormCases(t, e, "/api/volunteers/register", "volunteers", validVolunteer, cases)

		if r := e.call("POST", "/api/volunteers/register", "[1,2]", ""); r.Status != 400 {
			t.Fatalf("array body: %d", r.Status)
		}
		// A saved registration: camelCase, _id, times, __v, e-mail lower-cased,
		// acknowledged, copied to the office, linked to the signed-in user.
		token, uid := e.user("member@example.org", false)
		p := validVolunteer()
		p["areasOfInterest"] = []string{"Relocation Assistance"} // 'Other' not chosen: its box is cleared
		r := e.call("POST", "/api/volunteers/register", p, token)
		if r.Status != 201 || r.message() != "Volunteer form submitted successfully!" {
			t.Fatalf("register: %d %s", r.Status, r.Raw)
		}
		v, _ := r.Body["volunteer"].(map[string]any)
		for _, k := range []string{"_id", "createdAt", "updatedAt", "__v", "fullName", "areasOfInterest", "nearestCenter"} {
			if _, ok := v[k]; !ok {
				t.Fatalf("answer lacks %s: %s", k, r.Raw)
			}
		}
		if v["email"] != "asha@example.org" || v["otherInterest"] != "" || v["mobile"] != "+919876543210" || v["__v"] != float64(0) {
			t.Fatalf("normalised values: %v", v)
		}
		got, err := st.VolunteerByID(t.Context(), v["_id"].(string))
		if err != nil || got.UserID != uid {
			t.Fatalf("not linked to the user: %+v %v", got, err)
		}
		if len(e.mails("asha@example.org")) == 0 || len(e.mails("office@spdc.example")) == 0 {
			t.Fatal("no acknowledgement or admin copy")
		}
		var search string
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT search FROM volunteers WHERE id = ?`, v["_id"]).Scan(&search)
		if !strings.Contains(search, "asha devi") || !strings.Contains(search, "relocation assistance") {
			t.Fatalf("search column: %q", search)
		}
	})
}
