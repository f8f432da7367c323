package entity

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

func siteText(key, label string, max int) Field {
	return Field{Key: key, Label: label, Kind: Text, Max: max, Editable: true}
}

func markdown(key, label string, max int) Field {
	f := siteText(key, label, max)
	f.Long, f.Markdown = true, true
	return f
}

func siteBool(key, label string) Field {
	return Field{Key: key, Label: label, Kind: Bool, Editable: true}
}

func whole(key, label string, min, max float64) Field {
	return Field{Key: key, Label: label, Kind: Int, Range: &Range{Min: min, Max: max}, Editable: true}
}

func decimal(key, label string, min, max float64) Field {
	return Field{Key: key, Label: label, Kind: Number, Range: &Range{Min: min, Max: max}, Editable: true}
}

func media(key, label string) Field { return siteText(key, label, 24).format(MediaID) }

func group(key, label string, items ...Field) Field {
	return Field{Key: key, Label: label, Kind: Object, Items: items, Editable: true}
}

func groups(key, label string, max int, items ...Field) Field {
	return Field{Key: key, Label: label, Kind: Objects, Max: max, Items: items, Editable: true}
}

func (f Field) must() Field         { f.Required = true; return f }
func (f Field) internal() Field     { f.Internal = true; return f }
func (f Field) translatable() Field { f.Translatable = true; return f }

// SiteSettings is the site's one settings record.
var SiteSettings = &Entity{
	Name: "site-settings", Title: "Settings", Editable: true,
	Fields: []Field{
		siteText("orgName", "Organisation name", 120).must().translatable(),
		siteText("tagline", "Tagline", 300).translatable(),
		Field{Key: "addressLines", Label: "Address lines", Kind: List, Max: 8, Editable: true}.translatable(),
		group("map", "Map position",
			decimal("lat", "Latitude", -90, 90),
			decimal("lng", "Longitude", -180, 180)),
		siteText("email", "Email", 254).format(Email),
		groups("phones", "Phone numbers", 10,
			siteText("label", "Label", 60),
			siteText("display", "Shown as", 40).must(),
			siteText("dial", "Number to dial", 20).format(Dial).must()),
		groups("social", "Social media", 10,
			siteText("network", "Network", 40).must(),
			siteText("url", "Address (https://…)", 500).format(URL).must()),
		groups("bankAccounts", "Bank accounts", 5,
			siteText("accountName", "Account name", 200).must(),
			siteText("bank", "Bank", 200).must(),
			siteText("branch", "Branch", 200),
			siteText("accountNumber", "Account number", 40).must(),
			siteText("accountType", "Account type", 40),
			siteText("ifsc", "IFSC code", 11).format(IFSC).must()),
		siteText("upiId", "UPI id", 100).format(UPI),
		siteText("upiPayeeName", "UPI payee name", 200),
		// The trust's name as registered, which receipts print; the
		// website's own name (orgName) may be shorter or translated.
		siteText("trustLegalName", "Trust's legal name (printed on receipts)", 200),
		siteText("trustPan", "Trust PAN", 10).format(PAN),
		group("reg80G", "80G registration",
			siteText("number", "Number", 100),
			siteText("date", "Date", 10).format(Date),
			siteText("validUntil", "Valid until", 10).format(Date)),
		group("urn", "Unique registration number (Form 10BD)",
			siteText("number", "Number", 100),
			siteText("date", "Date", 10).format(Date)).internal(),
		group("signatory", "Receipt signatory",
			siteText("name", "Name", 120),
			siteText("title", "Title", 120)),
		markdown("fcraInstructions", "Instructions for donations from abroad", 4000).translatable(),
		group("grievanceOfficer", "Grievance officer",
			siteText("name", "Name", 120),
			siteText("email", "Email", 254).format(Email),
			siteText("phone", "Phone", 32).format(Phone)),
		siteText("receiptPrefix", "Receipt number prefix", 20).internal(),
		// Help given to an elder above this amount waits for a second
		// person's approval; empty means ₹5,000.
		whole("careApprovalThresholdPaise", "Payments of help above this amount (in paise) need a second approval", 0, 10_00_00_000*100).internal(),
		media("bannerVideo", "Home banner video").format(MediaVid),
		media("bannerPoster", "Home banner poster"),
	},
}

// SiteSettingsTranslated are the settings kept per language (the
// translatable ones), none required: a value left empty shows the English
// one.
var SiteSettingsTranslated = func() []Field {
	var out []Field
	for _, f := range SiteSettings.Fields {
		if f.Translatable {
			f.Required = false
			out = append(out, f)
		}
	}
	return out
}()

// siteCollection is a collection of items an admin adds, edits, orders
// and deletes.
func siteCollection(name, title string, fields ...Field) *Entity {
	return &Entity{Name: name, Title: title, Editable: true, Deletable: true, Fields: fields}
}

// The collections of the site, in the order the dashboard shows them.
var (
	SiteTeam = siteCollection("team", "Team",
		siteText("name", "Name", 120).must(),
		siteText("role", "Role", 120).must(),
		markdown("bio", "Biography", 4000),
		media("photo", "Photo"))
	SiteDonors = siteCollection("donors", "Donors",
		siteText("name", "Name", 120).must(),
		whole("amount", "Amount (rupees)", 0, 1e12),
		media("photo", "Photo"),
		siteBool("consent", "The donor agreed to be listed").must())
	SiteVolunteers = siteCollection("volunteers", "Volunteers",
		siteText("name", "Name", 120).must(),
		siteText("role", "Role", 120),
		media("photo", "Photo"))
	SiteTestimonials = siteCollection("testimonials", "Testimonials",
		siteText("name", "Name", 120).must(),
		siteText("place", "Place", 120),
		Field{Key: "quote", Label: "Quote", Kind: Text, Max: 1000, Long: true, Editable: true, Required: true},
		whole("stars", "Stars", 1, 5).must())
	SiteStories = siteCollection("stories", "Stories",
		siteText("title", "Title", 200).must(),
		siteText("date", "Date", 10).format(Date),
		markdown("body", "Story", 20000).must(),
		media("photo", "Photo"))
	SiteEvents = siteCollection("events", "Events",
		siteText("title", "Title", 200).must(),
		siteText("date", "Date", 10).format(Date),
		siteText("place", "Place", 200),
		markdown("body", "Description", 20000),
		media("photo", "Photo"))
	SiteFAQ = siteCollection("faq", "FAQ",
		siteText("question", "Question", 300).must(),
		markdown("answer", "Answer", 4000).must())
	SiteGallery = siteCollection("gallery", "Gallery",
		media("photo", "Picture").must(),
		siteText("alt", "Description for screen readers", 300).must())
	SiteFeatures = siteCollection("features", "Features",
		siteText("title", "Title", 120).must(),
		Field{Key: "text", Label: "Text", Kind: Text, Max: 500, Long: true, Editable: true, Required: true},
		siteText("icon", "Icon", 20).option(FeatureIcons).must())
	SiteSteps = siteCollection("steps", "Steps",
		siteText("title", "Title", 120).must(),
		Field{Key: "text", Label: "Text", Kind: Text, Max: 1000, Long: true, Editable: true, Required: true},
		markdown("details", "Read More", 4000))
	SitePages = siteCollection("pages", "Pages",
		siteText("slug", "Page", 20).option(PageSlugs).must(),
		siteText("title", "Title", 200).must(),
		markdown("body", "Text", 40000).must())
)

// SiteCollections lists every collection.
var SiteCollections = []*Entity{SiteTeam, SiteDonors, SiteVolunteers, SiteTestimonials, SiteStories, SiteEvents,
	SiteFAQ, SiteGallery, SiteFeatures, SiteSteps, SitePages}

// SiteCollection returns the collection of a name, or nil.
func SiteCollection(name string) *Entity {
	for _, e := range SiteCollections {
		if e.Name == name {
			return e
		}
	}
	return nil
}
