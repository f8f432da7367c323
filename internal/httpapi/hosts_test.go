package httpapi

import (
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func validHost() map[string]any {
	return map[string]any{
		"fullName": "Gopal Sharma", "initiatedName": "Gopal Das", "contactNumber": "09876543210", "email": "gopal@example.org",
		"address": "Mayapur", "country": "India", "nearestCenter": "ISKCON Mayapur",
		"accommodationTypes": []string{"Private Room", "Others (please Specify)"}, "accommodationOther": "Cottage",
		"availabilityDurations": []string{"Medium Term (1–3 weeks)"}, "facilities": []string{"Doctor Nearby", "Other"},
		"facilityOther": "Garden", "whyHost": "To serve the Vaishnavas", "consentTerms": true, "consentContact": true,
	}
}

func TestHostRegister(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		set := func(k string, v any) func(map[string]any) { return func(p map[string]any) { p[k] = v } }
		cases := []formsCase{
			{"valid", nil, 201, ""},
			{"phone only", set("email", ""), 201, ""},
			{"missing why", set("whyHost", ""), 400, "whyHost"},
			{"no terms consent", set("consentTerms", false), 400, "consentTerms"},
			{"no contact consent", func(p map[string]any) { delete(p, "consentContact") }, 400, "consentContact"},
			{"no way to reach", func(p map[string]any) { p["email"], p["contactNumber"] = "", "" }, 400, "contactNumber"},
			{"missing name", set("fullName", ""), 400, "fullName"},
			{"unknown accommodation", set("accommodationTypes", []string{"Tent"}), 400, "accommodationTypes"},
			{"unknown duration", set("availabilityDurations", []string{"Medium Term (1-3 weeks)"}), 400, "availabilityDurations"},
			{"unknown facility", set("facilities", []string{"Pool"}), 400, "facilities"},
			{"Others without specify", set("accommodationOther", ""), 400, "accommodationOther"},
			{"Other facility without specify", set("facilityOther", " "), 400, "facilityOther"},
			{"bad email", set("email", "gopal at example"), 400, "email"},
			{"hostile why", set("whyHost", "<img src=x onerror=alert(1)> 😀 مرحبا"), 201, ""},
		}
		cases = append(cases, hostileCases("whyHost", 4000)...)
		cases = append(cases, hostileCases("initiatedName", 120)...)
		runFormCases(t, e, "/api/hosts/register", "hosts", validHost, cases)

		token, uid := e.user("host@example.org", false)
		p := validHost()
		p["facilities"] = []string{"Wifi/Communication"}
		r := e.call("POST", "/api/hosts/register", p, token)
		if r.Status != 201 {
			t.Fatalf("register: %s", r.Raw)
		}
		h, _ := r.Body["host"].(map[string]any)
		if h["facilityOther"] != "" || h["accommodationOther"] != "Cottage" || h["contactNumber"] != "+919876543210" {
			t.Fatalf("saved host: %v", h)
		}
		got, err := st.HostByID(t.Context(), h["_id"].(string))
		if err != nil || got.UserID != uid {
			t.Fatalf("not linked: %+v %v", got, err)
		}
		if len(e.mails("gopal@example.org")) == 0 {
			t.Fatal("no acknowledgement")
		}
	})
}
