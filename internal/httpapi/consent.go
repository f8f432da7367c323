package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// Notices and consent records: each form shows its notice (GET
// /api/notices/{form}), and each submission stores a record of the
// consent given with it, in the submission's own transaction.

// notice answers GET /api/notices/{form} in the request's language (its
// Accept-Language), with that language's version.
func (s *Server) notice(w http.ResponseWriter, r *http.Request) error {
	n := entity.NoticeIn(r.PathValue("form"), i18n.FromRequest(r))
	if n == nil {
		return errorf(http.StatusNotFound, msgs.FormThereNoPrivacyNoticeForForm)
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Header().Set("Vary", "Accept-Language")
	writeJSON(w, r, http.StatusOK, n)
	return nil
}

// recordConsent stores the consent given with the submission id of table,
// from the form's body: noticeLanguage and noticeVersion are the notice
// the page showed. A client that sends no language is recorded as having
// read the notice in the request's language (the one the page shows and
// fetches its notice in), and one that sends no version the current
// version of that language's notice. A language the notices are not
// written in, or a version the site never showed in it, is refused, and
// the caller's transaction with it.
func recordConsent(ctx context.Context, q store.Querier, body map[string]json.RawMessage, table, id, userID string, now time.Time) error {
	form := entity.NoticeOfTable(table)
	if form == nil {
		return nil
	}
	lang := i18n.FromContext(ctx)
	if raw, ok := body["noticeLanguage"]; ok && string(raw) != "null" {
		if json.Unmarshal(raw, &lang) != nil || !noticeLanguages[lang] {
			return FieldErrors{"noticeLanguage": msgs.FieldMustNoticeLanguage}.Err()
		}
	}
	n := entity.NoticeIn(form.Form, lang)
	if raw, ok := body["noticeVersion"]; ok && string(raw) != "null" {
		var v string
		if json.Unmarshal(raw, &v) != nil || v != n.Version {
			return FieldErrors{"noticeVersion": msgs.FieldNoticeVersionChanged}.Err()
		}
	}
	c := &store.Consent{UserID: userID, RecordTable: table, RecordID: id, Notice: n.Form,
		NoticeVersion: n.Version, Language: n.Language, Method: "online", GivenAt: now}
	a, err := onBehalf(body, table, userID)
	if err != nil {
		return err
	}
	if a != nil {
		c.Method, c.Language = a.method, a.language
	}
	if err := store.RecordConsent(ctx, q, c); err != nil {
		return err
	}
	if a == nil {
		return nil
	}
	a.ConsentID = c.ID
	return store.RecordAssisted(ctx, q, &a.Assisted)
}

// assistedForms are the tables of the forms a helper may send for an
// elder: a disciple registration, a host offer, a contact message and a
// donation report (a volunteer offers only themselves).
var assistedForms = map[string]bool{"disciples": true, "hosts": true, "messages": true, "donations": true}

// noticeLanguages are the languages a notice may have been given in,
// read or explained to the elder: English, Hindi and Bengali.
var noticeLanguages = map[string]bool{"en": true, "hi": true, "bn": true}

type onBehalfInput struct {
	ConsentMethod  string `json:"consentMethod"`
	WitnessName    string `json:"witnessName"`
	WitnessContact string `json:"witnessContact"`
	NoticeLanguage string `json:"noticeLanguage"`
}

type assisted struct {
	store.Assisted
	method, language string
}

// onBehalf reads the form's "onBehalf" part, present when a signed-in
// helper sends the form for an elder with no email or phone of their own:
// how the elder consented (spoken, thumbprint or signed; guardian when a
// lawful guardian consented for a person who cannot, whose order an
// admin then records), a witness (a name, and an email or phone number),
// and the language the notice was given in. nil when the form is the
// sender's own.
func onBehalf(body map[string]json.RawMessage, table, userID string) (*assisted, error) {
	raw, ok := body["onBehalf"]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	var in onBehalfInput
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, FieldErrors{"onBehalf": msgs.FieldMustAssistedObject}.Err()
	}
	if !assistedForms[table] {
		return nil, FieldErrors{"onBehalf": msgs.FieldNotOnBehalf}.Err()
	}
	if userID == "" {
		return nil, FieldErrors{"onBehalf": msgs.FieldSignInOnBehalf}.Err()
	}
	f := newFormInput()
	a := &assisted{Assisted: store.Assisted{HelperID: userID}}
	switch a.method = strings.TrimSpace(in.ConsentMethod); a.method {
	case store.MethodSpoken, store.MethodThumbprint, store.MethodSigned, store.MethodGuardian:
	case "":
		f.errs.Add("onBehalf.consentMethod", msgs.FieldRequiredHowDidElderGiveTheirConsent)
	default:
		f.errs.Add("onBehalf.consentMethod", msgs.FieldMustConsentMethod)
	}
	a.WitnessName = f.name("onBehalf.witnessName", in.WitnessName, msgs.FieldRequiredWitness)
	contact := strings.TrimSpace(in.WitnessContact)
	if strings.Contains(contact, "@") {
		a.WitnessContact = f.email("onBehalf.witnessContact", contact, msgs.FieldRequired)
	} else {
		a.WitnessContact = f.phone("onBehalf.witnessContact", contact, msgs.FieldRequiredWitnessContact)
	}
	switch a.language = strings.TrimSpace(in.NoticeLanguage); {
	case a.language == "":
		f.errs.Add("onBehalf.noticeLanguage", msgs.FieldRequiredInWhichLanguageWasNoticeReadElder)
	case !noticeLanguages[a.language]:
		f.errs.Add("onBehalf.noticeLanguage", msgs.FieldMustNoticeLanguage)
	}
	return a, f.err()
}

// standInFields are, per assisted form, the fields through which the
// program reaches the person: the first takes the helper's mobile, the
// second the helper's email.
var standInFields = map[string][2]string{
	"disciples": {"contactNumber", "discipleEmail"},
	"hosts":     {"contactNumber", "email"},
	"messages":  {"phone", "email"},
	"donations": {"phone", "email"},
}

// standIn fills, on a form a signed-in helper sends on behalf of an elder
// who has no phone or email of their own, the contact fields the elder
// left empty with the helper's own mobile and email: the record can then
// be answered, and every mail about it (the acknowledgement, a receipt, a
// decision) goes to the helper. A form sent for oneself, or without a
// session, is left as sent (the consent check then refuses the latter).
func standIn(body map[string]json.RawMessage, table string, helper *store.User) {
	if helper == nil {
		return
	}
	if raw, ok := body["onBehalf"]; !ok || string(raw) == "null" {
		return
	}
	keys, ok := standInFields[table]
	if !ok {
		return
	}
	for i, v := range []string{helper.Mobile, helper.Email} {
		var given string
		_ = json.Unmarshal(body[keys[i]], &given)
		if strings.TrimSpace(given) != "" || v == "" {
			continue
		}
		b, _ := json.Marshal(v)
		body[keys[i]] = b
	}
}
