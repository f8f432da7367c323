package entity

import (
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// The program's own site as data: one settings record and the items of
// each collection, edited from the dashboard. The admin editor draws its
// forms from these definitions and every write is checked by them
// (CheckDoc), so a field is added here once.

// Kinds only the site's records use.
const (
	Number  Kind = "number"  // a number (a map coordinate, an amount, stars); Int when whole
	Object  Kind = "object"  // a nested object of Items fields
	Objects Kind = "objects" // a list of objects of Items fields
)

// Formats only the site's records use.
const (
	URL      Format = "url"   // an http or https address
	IFSC     Format = "ifsc"  // an Indian bank branch code: 4 letters, 0, 6 letters or digits
	PAN      Format = "pan"   // an Indian tax id: 5 letters, 4 digits, 1 letter
	UPI      Format = "upi"   // a UPI payment address, name@handle
	Dial     Format = "dial"  // a number to call: + and digits only
	MediaID  Format = "media" // the id of an uploaded picture or video ("" for none)
	MediaVid Format = "video" // the id of an uploaded video ("" for none)
)

// Range bounds a number field, inclusive.
type Range struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

// The icons a feature may show, and the pages the site keeps as text.
var (
	FeatureIcons = []string{"money", "health", "heart", "check", "people", "home", "voice", "hands"}
	PageSlugs    = []string{"about", "vision", "mission", "privacy", "terms", "donation"}
)

// Builders of the site's fields: every one is editable by an admin.

func siteText(key string, label i18n.Msg, max int) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: Text, Max: max, Editable: true}
}

func markdown(key string, label i18n.Msg, max int) Field {
	f := siteText(key, label, max)
	f.Long, f.Markdown = true, true
	return f
}

func siteBool(key string, label i18n.Msg) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: Bool, Editable: true}
}

func whole(key string, label i18n.Msg, min, max float64) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: Int, Range: &Range{Min: min, Max: max}, Editable: true}
}

func decimal(key string, label i18n.Msg, min, max float64) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: Number, Range: &Range{Min: min, Max: max}, Editable: true}
}

func media(key string, label i18n.Msg) Field { return siteText(key, label, 24).format(MediaID) }

func group(key string, label i18n.Msg, items ...Field) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: Object, Items: items, Editable: true}
}

func groups(key string, label i18n.Msg, max int, items ...Field) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: Objects, Max: max, Items: items, Editable: true}
}

func (f Field) must() Field         { f.Required = true; return f }
func (f Field) internal() Field     { f.Internal = true; return f }
func (f Field) translatable() Field { f.Translatable = true; return f }

// SiteSettings is the site's one settings record.
var SiteSettings = &Entity{
	Name: "site-settings", Title: msgs.SiteTitleSettings.En(), TitleMsg: msgs.SiteTitleSettings, Editable: true,
	Fields: []Field{
		siteText("orgName", msgs.SiteFieldOrgName, 120).must().translatable(),
		siteText("tagline", msgs.SiteFieldTagline, 300).translatable(),
		Field{Key: "addressLines", Label: msgs.SiteFieldAddressLines.En(), LabelMsg: msgs.SiteFieldAddressLines, Kind: List, Max: 8, Editable: true}.translatable(),
		group("map", msgs.SiteFieldMap,
			decimal("lat", msgs.SiteFieldLat, -90, 90),
			decimal("lng", msgs.SiteFieldLng, -180, 180)),
		siteText("email", msgs.SiteFieldEmail, 254).format(Email),
		groups("phones", msgs.SiteFieldPhones, 10,
			siteText("label", msgs.SiteFieldPhoneLabel, 60).translatable(),
			siteText("display", msgs.SiteFieldPhoneDisplay, 40).must(),
			siteText("dial", msgs.SiteFieldPhoneDial, 20).format(Dial).must()),
		groups("social", msgs.SiteFieldSocial, 10,
			siteText("network", msgs.SiteFieldNetwork, 40).must(),
			siteText("url", msgs.SiteFieldSocialUrl, 500).format(URL).must()),
		groups("bankAccounts", msgs.SiteFieldBankAccounts, 5,
			siteText("accountName", msgs.SiteFieldAccountName, 200).must(),
			siteText("bank", msgs.SiteFieldBank, 200).must(),
			siteText("branch", msgs.SiteFieldBranch, 200),
			siteText("accountNumber", msgs.SiteFieldAccountNumber, 40).must(),
			siteText("accountType", msgs.SiteFieldAccountType, 40),
			siteText("ifsc", msgs.SiteFieldIfsc, 11).format(IFSC).must()),
		siteText("upiId", msgs.SiteFieldUpiId, 100).format(UPI),
		siteText("upiPayeeName", msgs.SiteFieldUpiPayeeName, 200),
		// The trust's name as registered, which receipts print; the
		// website's own name (orgName) may be shorter or translated.
		siteText("trustLegalName", msgs.SiteFieldTrustLegalName, 200),
		siteText("trustPan", msgs.SiteFieldTrustPan, 10).format(PAN),
		group("reg80G", msgs.SiteFieldReg80G,
			siteText("number", msgs.SiteFieldNumber, 100),
			siteText("date", msgs.SiteFieldDate, 10).format(Date),
			siteText("validUntil", msgs.SiteFieldValidUntil, 10).format(Date)),
		group("urn", msgs.SiteFieldUrn,
			siteText("number", msgs.SiteFieldNumber, 100),
			siteText("date", msgs.SiteFieldDate, 10).format(Date)).internal(),
		group("signatory", msgs.SiteFieldSignatory,
			siteText("name", msgs.SiteFieldName, 120),
			siteText("title", msgs.SiteFieldTitle, 120)),
		markdown("fcraInstructions", msgs.SiteFieldFcraInstructions, 4000).translatable(),
		group("grievanceOfficer", msgs.SiteFieldGrievanceOfficer,
			siteText("name", msgs.SiteFieldName, 120).translatable(),
			siteText("title", msgs.SiteFieldTitle, 120).translatable(),
			siteText("email", msgs.SiteFieldEmail, 254).format(Email),
			siteText("phone", msgs.SiteFieldPhone, 32).format(Phone)),
		siteText("receiptPrefix", msgs.SiteFieldReceiptPrefix, 20).internal(),
		// Help given to an elder above this amount waits for a second
		// person's approval; empty means ₹5,000.
		whole("careApprovalThresholdPaise", msgs.SiteFieldCareApprovalThreshold, 0, 10_00_00_000*100).internal(),
		media("bannerVideo", msgs.SiteFieldBannerVideo).format(MediaVid),
		media("bannerPoster", msgs.SiteFieldBannerPoster),
	},
}

// SiteSettingsTranslated are the settings kept per language, none
// required: a value left empty shows the English one. A translatable
// field is kept whole; a group (or list of groups) that holds translatable
// items is kept with those items only, so its numbers and addresses stay
// one value in every language, and a list's translations follow the
// English list by position.
var SiteSettingsTranslated = func() []Field {
	var out []Field
	for _, f := range SiteSettings.Fields {
		if f, ok := f.translatedPart(); ok {
			out = append(out, f)
		}
	}
	return out
}()

// translatedPart is the part of f kept per language, and whether there
// is one.
func (f Field) translatedPart() (Field, bool) {
	f.Required = false
	if f.Translatable {
		return f, true
	}
	var items []Field
	for _, it := range f.Items {
		if it, ok := it.translatedPart(); ok {
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		return f, false
	}
	f.Items = items
	return f, true
}

// TranslatedSetting is the part of the setting key kept per language, or
// nil when the setting is the same in every language.
func TranslatedSetting(key string) *Field {
	for i := range SiteSettingsTranslated {
		if SiteSettingsTranslated[i].Key == key {
			return &SiteSettingsTranslated[i]
		}
	}
	return nil
}

// siteCollection is a collection of items an admin adds, edits, orders
// and deletes.
func siteCollection(name string, title i18n.Msg, fields ...Field) *Entity {
	return &Entity{Name: name, Title: title.En(), TitleMsg: title, Editable: true, Deletable: true, Fields: fields}
}

// The collections of the site, in the order the dashboard shows them.
var (
	SiteTeam = siteCollection("team", msgs.SiteTitleTeam,
		siteText("name", msgs.SiteFieldName, 120).must(),
		siteText("role", msgs.SiteFieldRole, 120).must(),
		markdown("bio", msgs.SiteFieldBio, 4000),
		media("photo", msgs.SiteFieldPhoto))
	SiteDonors = siteCollection("donors", msgs.SiteTitleDonors,
		siteText("name", msgs.SiteFieldName, 120).must(),
		whole("amount", msgs.SiteFieldAmountRupees, 0, 1e12),
		media("photo", msgs.SiteFieldPhoto),
		siteBool("consent", msgs.SiteFieldDonorConsent).must())
	SiteVolunteers = siteCollection("volunteers", msgs.SiteTitleVolunteers,
		siteText("name", msgs.SiteFieldName, 120).must(),
		siteText("role", msgs.SiteFieldRole, 120),
		media("photo", msgs.SiteFieldPhoto))
	SiteTestimonials = siteCollection("testimonials", msgs.SiteTitleTestimonials,
		siteText("name", msgs.SiteFieldName, 120).must(),
		siteText("place", msgs.SiteFieldPlace, 120),
		Field{Key: "quote", Label: msgs.SiteFieldQuote.En(), LabelMsg: msgs.SiteFieldQuote, Kind: Text, Max: 1000, Long: true, Editable: true, Required: true},
		whole("stars", msgs.SiteFieldStars, 1, 5).must())
	SiteStories = siteCollection("stories", msgs.SiteTitleStories,
		siteText("title", msgs.SiteFieldHeading, 200).must(),
		siteText("date", msgs.SiteFieldDate, 10).format(Date),
		markdown("body", msgs.SiteFieldStory, 20000).must(),
		media("photo", msgs.SiteFieldPhoto))
	SiteEvents = siteCollection("events", msgs.SiteTitleEvents,
		siteText("title", msgs.SiteFieldHeading, 200).must(),
		siteText("date", msgs.SiteFieldDate, 10).format(Date),
		siteText("place", msgs.SiteFieldPlace, 200),
		markdown("body", msgs.SiteFieldDescription, 20000),
		media("photo", msgs.SiteFieldPhoto))
	SiteFAQ = siteCollection("faq", msgs.SiteTitleFaq,
		siteText("question", msgs.SiteFieldQuestion, 300).must(),
		markdown("answer", msgs.SiteFieldAnswer, 4000).must())
	SiteGallery = siteCollection("gallery", msgs.SiteTitleGallery,
		media("photo", msgs.SiteFieldPicture).must(),
		siteText("alt", msgs.SiteFieldAlt, 300).must())
	SiteFeatures = siteCollection("features", msgs.SiteTitleFeatures,
		siteText("title", msgs.SiteFieldHeading, 120).must(),
		Field{Key: "text", Label: msgs.SiteFieldText.En(), LabelMsg: msgs.SiteFieldText, Kind: Text, Max: 500, Long: true, Editable: true, Required: true},
		siteText("icon", msgs.SiteFieldIcon, 20).option(FeatureIcons).must())
	SiteSteps = siteCollection("steps", msgs.SiteTitleSteps,
		siteText("title", msgs.SiteFieldHeading, 120).must(),
		Field{Key: "text", Label: msgs.SiteFieldText.En(), LabelMsg: msgs.SiteFieldText, Kind: Text, Max: 1000, Long: true, Editable: true, Required: true},
		markdown("details", msgs.SiteFieldReadMore, 4000))
	// Causes are the needs a gift can meet, each with a Donate button: the
	// causes page lists them and the cause page shows one in full.
	SiteCauses = siteCollection("causes", msgs.SiteTitleCauses,
		siteText("title", msgs.SiteFieldHeading, 200).must(),
		Field{Key: "text", Label: msgs.SiteFieldSummary.En(), LabelMsg: msgs.SiteFieldSummary, Kind: Text, Max: 500, Long: true, Editable: true, Required: true},
		markdown("details", msgs.SiteFieldFullDescription, 4000),
		media("photo", msgs.SiteFieldPhoto))
	SitePages = siteCollection("pages", msgs.SiteTitlePages,
		siteText("slug", msgs.SiteFieldPage, 20).option(PageSlugs).must(),
		siteText("title", msgs.SiteFieldHeading, 200).must(),
		markdown("body", msgs.SiteFieldText, 40000).must())
)

// SiteCollections lists every collection.
var SiteCollections = []*Entity{SiteTeam, SiteDonors, SiteVolunteers, SiteTestimonials, SiteStories, SiteEvents,
	SiteFAQ, SiteGallery, SiteFeatures, SiteSteps, SiteCauses, SitePages}

// SiteCollection returns the collection of a name, or nil.
func SiteCollection(name string) *Entity {
	for _, e := range SiteCollections {
		if e.Name == name {
			return e
		}
	}
	return nil
}
