package entity

import (
	"bytes"
	"encoding/json"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// Messages of the site's formats.
var (
	MsgURL     = msgs.AdminEnterWebAddressStartingWithHttps
	MsgIFSC    = msgs.DonationIfscCodeHas11Characters4
	MsgPAN     = msgs.DonationPanHas10Characters5Letters
	MsgUPI     = msgs.AdminEnterUpiIdLikeNameBank
	MsgDial    = msgs.AdminEnterNumberDialAsAndDigits
	MsgMedia   = msgs.AdminPickPictureAgainOneNotIn
	MsgUnknown = msgs.FieldNotFieldThatCanSet
	MsgWhole   = msgs.AdminEnterWholeNumber
	MsgNumber  = msgs.AdminEnterNumber
)

var (
	ifscRE  = regexp.MustCompile(`^[A-Z]{4}0[A-Z0-9]{6}$`)
	panRE   = regexp.MustCompile(`^[A-Z]{5}[0-9]{4}[A-Z]$`)
	upiRE   = regexp.MustCompile(`^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$`)
	dialRE  = regexp.MustCompile(`^\+[0-9]{6,15}$`)
	mediaRE = regexp.MustCompile(`^[0-9a-f]{24}$`)
)

// checkSiteFormat checks (and cleans) a non-empty text of one of the
// site's formats; ok is false for a format this function does not know.
func checkSiteFormat(f Format, s string) (clean string, msg i18n.Msg, ok bool) {
	switch f {
	case URL:
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || strings.ContainsAny(s, " \"<>\\`") {
			return s, MsgURL, true
		}
	case IFSC:
		if s = strings.ToUpper(s); !ifscRE.MatchString(s) {
			return s, MsgIFSC, true
		}
	case PAN:
		if s = strings.ToUpper(s); !panRE.MatchString(s) {
			return s, MsgPAN, true
		}
	case UPI:
		if !upiRE.MatchString(s) {
			return s, MsgUPI, true
		}
	case Dial:
		s = strings.NewReplacer(" ", "", "-", "").Replace(s)
		if !dialRE.MatchString(s) {
			return s, MsgDial, true
		}
	case MediaID, MediaVid:
		if !mediaRE.MatchString(s) {
			return s, MsgMedia, true
		}
	default:
		return s, i18n.Msg{}, false
	}
	return s, i18n.Msg{}, true
}

// CheckDoc validates a whole record of the site (the settings, or one
// item's own fields) against fields: every key of body must name a field,
// and each value is checked by its kind, limits and format. A problem
// inside a nested value is reported under its path ("phones.0.dial").
// The clean record has every field, the empty value for those not sent:
// "" for text, false, [] for lists, null for numbers, and the nested
// objects filled the same way.
func CheckDoc(fields []Field, body map[string]json.RawMessage, now time.Time) (map[string]any, Errors) {
	errs := Errors{}
	out := checkDoc(fields, body, now, "", errs)
	return out, errs
}

func checkDoc(fields []Field, body map[string]json.RawMessage, now time.Time, prefix string, errs Errors) map[string]any {
	out := make(map[string]any, len(fields))
	known := map[string]bool{}
	for i := range fields {
		f := &fields[i]
		known[f.Key] = true
		raw, ok := body[f.Key]
		if !ok {
			raw = json.RawMessage("null")
		}
		out[f.Key] = f.checkValue(raw, now, prefix+f.Key, errs)
	}
	for k := range body {
		if !known[k] {
			errs.add(prefix+k, MsgUnknown)
		}
	}
	return out
}

// checkValue checks one raw value of the field and returns its clean form;
// path names it in errs.
func (f *Field) checkValue(raw json.RawMessage, now time.Time, path string, errs Errors) any {
	null := bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
	switch f.Kind {
	case Object:
		var m map[string]json.RawMessage
		if !null && json.Unmarshal(raw, &m) != nil {
			errs.add(path, MsgType)
			m = nil
		}
		return checkDoc(f.Items, m, now, path+".", errs)
	case Objects:
		var list []map[string]json.RawMessage
		if !null && json.Unmarshal(raw, &list) != nil {
			errs.add(path, MsgType)
			return []map[string]any{}
		}
		out := make([]map[string]any, 0, len(list))
		if len(list) > f.MaxOrDefault() {
			errs.add(path, msgs.CheckKeepAtMostNEntries.With("n", f.MaxOrDefault()))
			return out
		}
		for i, m := range list {
			out = append(out, checkDoc(f.Items, m, now, path+"."+strconv.Itoa(i)+".", errs))
		}
		if f.Required && len(out) == 0 {
			errs.add(path, f.prompt())
		}
		return out
	case Number, Int:
		if null {
			if f.Required {
				errs.add(path, f.prompt())
			}
			return nil
		}
		var n float64
		if json.Unmarshal(raw, &n) != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			errs.add(path, MsgNumber)
			return nil
		}
		if f.Kind == Int && n != math.Trunc(n) {
			errs.add(path, MsgWhole)
			return nil
		}
		if r := f.Range; r != nil && (n < r.Min || n > r.Max) {
			errs.add(path, r.Message())
			return nil
		}
		if f.Kind == Int {
			return int64(n)
		}
		return n
	}
	v, ok := f.decode(raw)
	if !ok {
		errs.add(path, MsgType)
		if f.Kind == List {
			return []string{}
		}
		return ""
	}
	clean, msg := f.Check(v, now)
	if !msg.IsZero() {
		errs.add(path, msg)
	}
	return clean
}

// SiteMediaIDs returns the media ids a clean record of the site names, by
// field path ("photo", "bannerPoster"), non-empty ones only.
func SiteMediaIDs(fields []Field, doc map[string]any) map[string]string {
	out := map[string]string{}
	for _, f := range fields {
		if f.Format == MediaID || f.Format == MediaVid {
			if id, _ := doc[f.Key].(string); id != "" {
				out[f.Key] = id
			}
		}
	}
	return out
}

// Message is the message for a number outside the range.
func (r *Range) Message() i18n.Msg {
	return msgs.CheckNumberFromTo.With("min", strconv.FormatFloat(r.Min, 'f', -1, 64)).With("max", strconv.FormatFloat(r.Max, 'f', -1, 64))
}
