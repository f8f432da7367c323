package httpapi

// The program's own site as data: the public answer every page reads
// (GET /api/site, also embedded in index.html), and the dashboard's
// editor of the settings and of each collection. Every write is checked
// by the definitions in internal/entity and audited by the store.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"time"

	"spdc/internal/config"
	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// siteCache keeps the public site's JSON per language. A change made
// through this instance empties it at once; a change made through another
// instance is noticed by comparing the store's content revision, at most
// once a second.
type siteCache struct {
	mu        sync.Mutex
	revision  string
	checkedAt time.Time
	// changedAt is when this instance last saw the content change.
	changedAt time.Time
	byLang    map[string]*siteJSON
	// pages are index.html's pages with the site embedded, by language
	// and route pattern (each remembers the site data it holds).
	pages map[string]*renderedPage
}

// siteJSON is the public site in one language: the answer's body and its
// ETag.
type siteJSON struct {
	body []byte
	etag string
	// email is the program's public address ("" when unset).
	email     string
	changedAt time.Time
}

// siteCheckEvery is how often an instance asks the store whether the
// content changed elsewhere.
const siteCheckEvery = time.Second

// invalidate drops every cached language.
func (c *siteCache) invalidate() {
	c.mu.Lock()
	c.byLang, c.revision, c.checkedAt = nil, "", time.Time{}
	c.mu.Unlock()
}

// publicSite returns the public site in lang, from the cache when it is
// still current.
func (s *Server) publicSite(ctx context.Context, lang string) (*siteJSON, error) {
	c := &s.site
	c.mu.Lock()
	defer c.mu.Unlock()
	now := s.now()
	if c.byLang == nil || now.Sub(c.checkedAt) >= siteCheckEvery || now.Before(c.checkedAt) {
		rev, err := s.store.SiteRevision(ctx)
		if err != nil {
			return nil, err
		}
		if rev != c.revision || c.byLang == nil {
			c.byLang, c.revision, c.changedAt = map[string]*siteJSON{}, rev, now
		}
		c.checkedAt = now
	}
	if sj, ok := c.byLang[lang]; ok {
		return sj, nil
	}
	site, err := s.store.PublicSite(ctx, lang)
	if err != nil {
		return nil, err
	}
	content, err := json.Marshal(site)
	if err != nil {
		return nil, err
	}
	if s.cfg.SMTPURL == "" {
		// No SMTP server: mail is written to files, not sent, and the
		// forms' confirmations must not say an email went out.
		content = append(bytes.TrimSuffix(content, []byte("}")), []byte(`,"mailToFile":true}`)...)
	}
	sum := sha256.Sum256(content)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	// The body is the content with the etag added as its last member.
	body := append(bytes.TrimSuffix(content, []byte("}")), []byte(`,"etag":`+strconv.Quote(etag)+`}`)...)
	email, _ := site.Settings["email"].(string)
	sj := &siteJSON{body: body, etag: etag, email: email, changedAt: c.changedAt}
	if len(c.byLang) > 20 {
		c.byLang = map[string]*siteJSON{} // languages asked for are few; never let it grow unbounded
	}
	c.byLang[lang] = sj
	return sj, nil
}

// siteLang reads ?lang= (English when absent).
func siteLang(r *http.Request) (string, error) {
	lang := r.URL.Query().Get("lang")
	if lang == "" {
		return store.DefaultLanguage, nil
	}
	if !store.ValidLanguage(lang) {
		return "", &Error{Status: http.StatusBadRequest, Msg: msgs.ApiCorrectHighlightedFields,
			Fields: map[string]i18n.Msg{"lang": msgs.FieldMustLanguageCodeTwoOrThreeLowerCase}}
	}
	return lang, nil
}

// getSite answers GET /api/site: the public settings and the published
// items of every collection, with an ETag (304 when the client has it).
func (s *Server) getSite(w http.ResponseWriter, r *http.Request) error {
	lang, err := siteLang(r)
	if err != nil {
		return err
	}
	sj, err := s.publicSite(r.Context(), lang)
	if err != nil {
		return err
	}
	hdr := w.Header()
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("ETag", sj.etag)
	if etagMatches(r.Header.Get("If-None-Match"), sj.etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	hdr.Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(sj.body)
	return nil
}

// etagMatches reports whether an If-None-Match header names etag (or *).
func etagMatches(header, etag string) bool {
	for _, part := range bytes.Split([]byte(header), []byte(",")) {
		p := string(bytes.TrimSpace(part))
		if p == "*" || p == etag || p == "W/"+etag {
			return true
		}
	}
	return false
}

// siteCollectionJSON describes a collection to the dashboard's editor.
type siteCollectionJSON struct {
	Name   string         `json:"name"`
	Title  string         `json:"title"`
	Fields []entity.Field `json:"fields"`
}

// adminSite answers GET /api/admin/site: the definitions the editor
// draws its forms from, and the setup checklist, in the request's
// language (the keys and values stay as they are).
func (s *Server) adminSite(w http.ResponseWriter, r *http.Request) error {
	lang := i18n.FromRequest(r)
	checklist, err := s.store.SiteChecklist(r.Context())
	if err != nil {
		return err
	}
	checklist = append(checklist, s.goLiveChecklist()...)
	for i, c := range checklist {
		if m, ok := i18n.Lookup("checklist." + c.Key); ok {
			checklist[i].Label = m.With("url", s.cfg.PublicURL).In(lang)
		}
	}
	cols := make([]siteCollectionJSON, 0, len(entity.SiteCollections))
	for _, e := range entity.SiteCollections {
		cols = append(cols, siteCollectionJSON{Name: e.Name, Title: e.TitleIn(lang), Fields: entity.FieldsIn(lang, e.Fields)})
	}
	writeJSON(w, r, http.StatusOK, map[string]any{
		"settings":    map[string]any{"fields": entity.FieldsIn(lang, entity.SiteSettings.Fields)},
		"collections": cols,
		"checklist":   checklist,
	})
	return nil
}

// goLiveChecklist are the setup checklist's lines about going live: the
// public address links and receipts' QR codes point at, and the mail
// server without which nothing is sent.
func (s *Server) goLiveChecklist() []store.ChecklistEntry {
	public := false
	if u, err := url.Parse(s.cfg.PublicURL); err == nil {
		public = u.Scheme == "https" && !config.IsLoopbackHost(u.Hostname())
	}
	return []store.ChecklistEntry{
		{Key: "publicURL", Label: msgs.ChecklistPublicURL.With("url", s.cfg.PublicURL).En(), Done: public},
		{Key: "smtp", Label: msgs.ChecklistSmtp.En(), Done: s.cfg.SMTPURL != ""},
	}
}

// adminTranslations answers GET /api/admin/site/translations: for the
// dashboard, the translatable settings (collection "settings", _id the
// field) and the English items of every collection that lack a
// translation into Hindi or Bengali, or whose translation is older than
// the English text, with counts per language.
func (s *Server) adminTranslations(w http.ResponseWriter, r *http.Request) error {
	langs := i18n.Languages[1:]
	items, total, err := s.store.SiteTranslations(r.Context(), langs)
	if err != nil {
		return err
	}
	// A setting is named by its field's label in the admin's language; an
	// item by its own title, as written.
	lang := i18n.FromRequest(r)
	for i, it := range items {
		if f := entity.SiteSettings.Field(it.ID); it.Collection == "settings" && f != nil {
			items[i].Label = f.LabelIn(lang)
		}
	}
	type count struct {
		Missing  int `json:"missing"`
		Outdated int `json:"outdated"`
	}
	counts := map[string]*count{}
	for _, l := range langs {
		counts[l] = &count{}
	}
	for _, it := range items {
		for _, l := range it.Missing {
			counts[l].Missing++
		}
		for _, l := range it.Outdated {
			counts[l].Outdated++
		}
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"languages": langs, "englishItems": total, "counts": counts, "items": items})
	return nil
}

// siteError turns the store's refusal of a value into the field errors
// of a 400.
func siteError(err error) error {
	var inv *store.InvalidError
	if errors.As(err, &inv) {
		return FieldErrors(inv.Fields).Err()
	}
	return err
}

// readEdit reads the JSON object of an edit and takes its __v, the
// version the admin edited, out of it; __v is required.
func readEdit(r *http.Request) (map[string]json.RawMessage, int, error) {
	body, err := readForm(r)
	if err != nil {
		return nil, 0, err
	}
	raw, ok := body["__v"]
	delete(body, "__v")
	var v int
	if !ok || json.Unmarshal(raw, &v) != nil || v < 0 {
		return nil, 0, FieldErrors{"__v": msgs.FieldRequiredSendVersionRecordEdited}.Err()
	}
	return body, v, nil
}

// merged is stored with the keys of body written over it: an edit names
// the fields it changes, the others keep their value.
func merged(stored map[string]any, body map[string]json.RawMessage) (map[string]json.RawMessage, error) {
	out := make(map[string]json.RawMessage, len(stored)+len(body))
	for k, v := range stored {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		out[k] = b
	}
	for k, v := range body {
		out[k] = v
	}
	return out, nil
}

// checkSettingsEdit is stored with the keys of body written over it (see
// merged), checked by fields: the document an edit of the settings saves,
// or the field errors of a 400.
func (s *Server) checkSettingsEdit(fields []entity.Field, stored map[string]any, body map[string]json.RawMessage) (map[string]any, error) {
	raw, err := merged(stored, body)
	if err != nil {
		return nil, err
	}
	doc, errs := entity.CheckDoc(fields, raw, s.now())
	if err := FieldErrors(errs).Err(); err != nil {
		return nil, err
	}
	return doc, nil
}

func (s *Server) settingsJSON(ctx context.Context) (map[string]any, error) {
	doc, version, err := s.store.SiteSettings(ctx)
	if err != nil {
		return nil, err
	}
	doc["__v"] = version
	return doc, nil
}

// msgSiteLanguage refuses a language the site is not written in.
var msgSiteLanguage = msgs.FieldMustOneSiteSLanguagesEnHiOr

// translationJSON is the translatable settings in lang with their
// version, the language, and the fields whose English changed since they
// were translated.
func (s *Server) translationJSON(ctx context.Context, lang string) (map[string]any, error) {
	tr, err := s.store.SiteSettingsTranslation(ctx, lang)
	if err != nil {
		return nil, err
	}
	statuses, err := s.store.SettingsTranslationStatus(ctx, []string{lang})
	if err != nil {
		return nil, err
	}
	outdated := []string{}
	for _, st := range statuses {
		if len(st.Outdated) > 0 {
			outdated = append(outdated, st.ID)
		}
	}
	doc := tr.Fields
	doc["__v"], doc["language"], doc["outdated"] = tr.Version, lang, outdated
	return doc, nil
}

// adminGetSettings answers GET /api/admin/site/settings: every setting
// and the record's version; with ?lang= (not English) the translatable
// settings in that language (empty where the English shows) and that
// language's version.
func (s *Server) adminGetSettings(w http.ResponseWriter, r *http.Request) error {
	lang, err := siteLang(r)
	if err != nil {
		return err
	}
	if !slices.Contains(i18n.Languages, lang) {
		return FieldErrors{"lang": msgSiteLanguage}.Err()
	}
	var doc map[string]any
	if lang == store.DefaultLanguage {
		doc, err = s.settingsJSON(r.Context())
	} else {
		doc, err = s.translationJSON(r.Context(), lang)
	}
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, doc)
	return nil
}

// putTranslation saves the translatable settings named in body in lang,
// checked by their definition, if __v is still that language's version.
// The other settings are the same in every language and are refused.
func (s *Server) putTranslation(w http.ResponseWriter, r *http.Request, lang string, body map[string]json.RawMessage, version int) error {
	delete(body, "language")
	delete(body, "outdated")
	fe := FieldErrors{}
	for k := range body {
		if entity.TranslatedSetting(k) == nil {
			fe.Add(k, msgs.FieldSameInEveryLanguageChangeItInEnglish)
		}
	}
	if err := fe.Err(); err != nil {
		return err
	}
	stored, err := s.store.SiteSettingsTranslation(r.Context(), lang)
	if err != nil {
		return err
	}
	doc, err := s.checkSettingsEdit(entity.SiteSettingsTranslated, stored.Fields, body)
	if err != nil {
		return err
	}
	if _, err := s.store.PutSiteSettingsTranslation(r.Context(), lang, doc, version, adminActor(r)); err != nil {
		return siteError(err)
	}
	s.site.invalidate()
	out, err := s.translationJSON(r.Context(), lang)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, out)
	return nil
}

// adminPutSettings answers PUT /api/admin/site/settings: the settings
// named in the body change (checked by their definition), if __v is
// still the stored version; the answer is the saved record. With ?lang=
// (not English) it saves that language's translatable settings.
func (s *Server) adminPutSettings(w http.ResponseWriter, r *http.Request) error {
	lang, err := siteLang(r)
	if err != nil {
		return err
	}
	body, version, err := readEdit(r)
	if err != nil {
		return err
	}
	if !slices.Contains(i18n.Languages, lang) {
		return FieldErrors{"lang": msgSiteLanguage}.Err()
	}
	if lang != store.DefaultLanguage {
		return s.putTranslation(w, r, lang, body, version)
	}
	stored, _, err := s.store.SiteSettings(r.Context())
	if err != nil {
		return err
	}
	doc, err := s.checkSettingsEdit(entity.SiteSettings.Fields, stored, body)
	if err != nil {
		return err
	}
	if _, err := s.store.PutSiteSettings(r.Context(), doc, version, adminActor(r)); err != nil {
		return siteError(err)
	}
	s.site.invalidate()
	out, err := s.settingsJSON(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, out)
	return nil
}

// itemReadOnly are keys the answers carry that a client may send back
// unchanged; they are ignored (the order changes through /order).
var itemReadOnly = []string{"_id", "position", "createdAt", "updatedAt"}

// itemInput reads an item's own fields and its published, language and
// translationOf from body over the item as stored (a new item: published,
// English), and checks them.
func (s *Server) itemInput(e *entity.Entity, body map[string]json.RawMessage, it *store.SiteItem) error {
	fe := FieldErrors{}
	for _, k := range itemReadOnly {
		delete(body, k)
	}
	if raw, ok := body["published"]; ok {
		if json.Unmarshal(raw, &it.Published) != nil {
			fe.Add("published", entity.MsgType)
		}
		delete(body, "published")
	}
	if raw, ok := body["language"]; ok {
		if json.Unmarshal(raw, &it.Language) != nil || !store.ValidLanguage(it.Language) {
			fe.Add("language", msgs.FieldMustLanguageCodeTwoOrThreeLowerCase)
		}
		delete(body, "language")
	}
	if raw, ok := body["translationOf"]; ok {
		var id *string
		if json.Unmarshal(raw, &id) != nil || (id != nil && *id != "" && !store.ValidID(*id)) {
			fe.Add("translationOf", msgs.FieldMustIdEnglishItemOneTranslates)
		}
		it.TranslationOf = ""
		if id != nil {
			it.TranslationOf = *id
		}
		delete(body, "translationOf")
	}
	raw, err := merged(it.Fields, body)
	if err != nil {
		return err
	}
	doc, errs := entity.CheckDoc(e.Fields, raw, s.now())
	for k, v := range errs {
		fe.Add(k, v)
	}
	it.Fields = doc
	return fe.Err()
}

// siteRoute is the collection a route serves.
type siteRoute struct {
	s *Server
	e *entity.Entity
}

// list answers GET /api/admin/site/{collection}?lang=: every item of the
// language, published or not, in order, with the pictures they show.
func (sr siteRoute) list(w http.ResponseWriter, r *http.Request) error {
	lang, err := siteLang(r)
	if err != nil {
		return err
	}
	items, err := sr.s.store.SiteItems(r.Context(), sr.e.Name, lang)
	if err != nil {
		return err
	}
	ids := make([]string, 0, len(items))
	for i := range items {
		ids = append(ids, items[i].Photo())
	}
	refs, err := sr.s.store.MediaRefs(r.Context(), ids)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"items": items, "media": refs})
	return nil
}

// add answers POST /api/admin/site/{collection} with the new item, last
// in its list.
func (sr siteRoute) add(w http.ResponseWriter, r *http.Request) error {
	body, err := readForm(r)
	if err != nil {
		return err
	}
	delete(body, "__v")
	it := &store.SiteItem{Collection: sr.e.Name, Language: store.DefaultLanguage, Published: true, Fields: map[string]any{}}
	return sr.save(w, r, body, it, sr.s.store.AddSiteItem, http.StatusCreated)
}

// update answers PUT /api/admin/site/{collection}/{id}: the fields named
// in the body change, if __v is still the stored version.
func (sr siteRoute) update(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	body, version, err := readEdit(r)
	if err != nil {
		return err
	}
	it, err := sr.s.store.SiteItem(r.Context(), sr.e.Name, id)
	if err != nil {
		return err
	}
	if it.Version != version {
		return store.ErrConflict
	}
	return sr.save(w, r, body, it, sr.s.store.UpdateSiteItem, http.StatusOK)
}

// save reads body over the item it (see itemInput), stores it with put
// (adding or updating it) and answers status with the item as stored.
func (sr siteRoute) save(w http.ResponseWriter, r *http.Request, body map[string]json.RawMessage, it *store.SiteItem,
	put func(context.Context, *store.SiteItem, store.Actor) error, status int) error {
	if err := sr.s.itemInput(sr.e, body, it); err != nil {
		return err
	}
	if err := put(r.Context(), it, adminActor(r)); err != nil {
		return siteError(err)
	}
	sr.s.site.invalidate()
	writeJSON(w, r, status, it)
	return nil
}

// remove answers DELETE /api/admin/site/{collection}/{id} with 204; the
// item's translations go with it.
func (sr siteRoute) remove(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	if err := sr.s.store.DeleteSiteItem(r.Context(), sr.e.Name, id, adminActor(r)); err != nil {
		return err
	}
	sr.s.site.invalidate()
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// order answers POST /api/admin/site/{collection}/order?lang=: body
// {"ids": [...]} names every item of the language in its new order.
func (sr siteRoute) order(w http.ResponseWriter, r *http.Request) error {
	lang, err := siteLang(r)
	if err != nil {
		return err
	}
	var in struct {
		IDs []string `json:"ids"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	if in.IDs == nil {
		return FieldErrors{"ids": msgs.FieldRequiredNewOrder}.Err()
	}
	if err := sr.s.store.OrderSiteItems(r.Context(), sr.e.Name, lang, in.IDs, adminActor(r)); err != nil {
		return siteError(err)
	}
	sr.s.site.invalidate()
	items, err := sr.s.store.SiteItems(r.Context(), sr.e.Name, lang)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"items": items})
	return nil
}
