package entity

// Builders keep each definition to one line per field: a text field is
// searchable, shown and exported unless said otherwise. A list is sorted
// only by the few fields marked sorted(): each has an index of its own in
// every database (a sort without one reads and sorts every row), and a
// test checks that the query plan uses it.

func text(key, label string, max int) Field {
	return Field{Key: key, Label: label, Kind: Text, Max: max, Searchable: true, Shown: true, Exported: true}
}

func long(key, label string, max int) Field {
	f := text(key, label, max)
	f.Long = true
	return f
}

func boolean(key, label string) Field {
	return Field{Key: key, Label: label, Kind: Bool, Shown: true, Exported: true}
}

func list(key, label string, options []string) Field {
	return Field{Key: key, Label: label, Kind: List, Max: 20, Options: options, Searchable: true, Shown: true, Exported: true}
}

func moment(key, label string) Field {
	return Field{Key: key, Label: label, Kind: Time, Shown: true, Exported: true}
}

func maybeMoment(key, label string) Field {
	return Field{Key: key, Label: label, Kind: TimePtr, Shown: true, Exported: true}
}

// input marks a field the public form sends and an admin may edit.
func (f Field) input() Field { f.Form, f.Editable = true, true; return f }

// formOnly marks a field the public form sends that an admin may not edit
// (a consent).
func (f Field) formOnly() Field { f.Form = true; return f }

func (f Field) required(prompt string) Field { f.Required, f.Prompt = true, prompt; return f }
func (f Field) format(fm Format) Field       { f.Format = fm; return f }
func (f Field) unsearched() Field            { f.Searchable = false; return f }

// sorted offers the field as a sort of its list (see text).
func (f Field) sorted() Field { f.Sortable = true; return f }

func (f Field) option(options []string) Field {
	f.Format, f.Options = Option, options
	return f
}

func (f Field) revealedBy(key, option string) Field {
	f.RevealedBy = &Choice{Key: key, Option: option}
	return f
}

func email(key, label string) Field { return text(key, label, 254).format(Email) }
func phone(key, label string) Field { return text(key, label, 32).format(Phone) }
func name(key, label string) Field  { return text(key, label, 120).format(Name) }

// ref is a submission's own short reference (V-4K7Q-2M), which the site
// makes and its sender quotes: shown, searched and exported, never edited.
func ref() Field { return text("ref", "Our reference", 9) }

// tail is what every record ends with, the id column last.
func tail() []Field {
	return []Field{
		moment("createdAt", "Created").sorted(),
		moment("updatedAt", "Updated"),
		{Key: "__v", Label: "Version", Kind: Int, Exported: true},
		{Key: "_id", Label: "ID", Kind: Text, Shown: true, Exported: true},
	}
}

// Option lists of the public forms, word for word as the pages show them.
var (
	VolunteerAvailability = []string{"5-10 hours/week", "10-20 hours/week", "20+ hours/week"}
	VolunteerAreas        = []string{"Financial Assistance", "Medical/health practitioner", "Emotional and Spiritual Support",
		"Comprehensive Health Assessments", "Community Building Activities", "Relocation Assistance", "Other"}
	HostAccommodation = []string{"Private Room", "Shared Room", "Guest House Facility", "Others (please Specify)"}
	HostDurations     = []string{"Short Term (up to 1 week)", "Medium Term (1–3 weeks)", "Long Term (More than 1 month)"}
	HostFacilities    = []string{"Lift/Wheelchair Access", "Doctor Nearby", "Nearby ISKCON Temple", "Daily Prasadam Service", "Wifi/Communication", "Other"}
)

const msgReach = "Please give a contact number or an email address so that we can reach you."

// Users are the accounts people register.
var Users = &Entity{
	Name: "users", Title: "Users", Editable: true, Deletable: true,
	Key: []string{"fullName", "email", "mobile", "isAdmin"},
	Fields: append([]Field{
		text("fullName", "Full name", 200).format(Name).input().required("Please enter your full name.").sorted(),
		email("email", "Email").input().required("Please enter your email address.").sorted(),
		phone("mobile", "Mobile").input().required("Please enter your mobile number."),
		long("address", "Address", 1000).input(),
		boolean("isAdmin", "Admin"),
	}, tail()...),
}

// Volunteers are the volunteer registrations.
var Volunteers = &Entity{
	Name: "volunteers", Title: "Volunteers", Editable: true, Deletable: true,
	Key: []string{"fullName", "email", "mobile", "status", OwnerKey},
	Fields: append([]Field{
		name("fullName", "Full name").input().required("Please enter your full name.").sorted(),
		email("email", "Email").input().required("Please enter your email address.").sorted(),
		phone("mobile", "Mobile").input(),
		long("address", "Address", 500).input(),
		text("country", "Country", 200).input(),
		text("nearestCenter", "Nearest center", 200).input(),
		text("availability", "Availability", 200).option(VolunteerAvailability).input(),
		list("areasOfInterest", "Areas of interest", VolunteerAreas).input(),
		text("otherInterest", "Other interest", 200).revealedBy("areasOfInterest", "Other").input().
			required("Please say which other area interests you."),
		long("experience", "Experience", 4000).input().required("Please tell us about your experience."),
		long("motivation", "Motivation", 4000).input().required("Please tell us why you would like to volunteer."),
		long("skills", "Skills", 4000).input().required("Please tell us about your skills."),
		boolean("consent", "Consent").formOnly().required("Please give your consent so that we may contact you."),
		ref(),
		workflow("status", "Status", VolunteerStatuses),
	}, staffTail()...),
}

// Hosts are the offers to host an elder.
var Hosts = &Entity{
	Name: "hosts", Title: "Hosts", Editable: true, Deletable: true,
	Key: []string{"fullName", "contactNumber", "email", "status", OwnerKey},
	Fields: append([]Field{
		name("fullName", "Full name").input().required("Please enter your full name.").sorted(),
		name("initiatedName", "Initiated name").input(),
		phone("contactNumber", "Contact number").input(),
		email("email", "Email").input().sorted(),
		long("address", "Address", 500).input(),
		text("country", "Country", 200).input(),
		text("nearestCenter", "Nearest center", 200).input(),
		list("accommodationTypes", "Accommodation types", HostAccommodation).input(),
		text("accommodationOther", "Other accommodation", 200).revealedBy("accommodationTypes", "Others (please Specify)").input().
			required("Please describe the other accommodation."),
		list("availabilityDurations", "Availability durations", HostDurations).input(),
		list("facilities", "Facilities", HostFacilities).input(),
		text("facilityOther", "Other facility", 200).revealedBy("facilities", "Other").input().
			required("Please describe the other facility."),
		long("whyHost", "Why host", 4000).input().required("Please tell us why you wish to host."),
		boolean("consentTerms", "Accepted terms").formOnly().required("Please accept the terms and conditions."),
		boolean("consentContact", "Agreed to contact").formOnly().required("Please agree that we may contact you about hosting."),
		ref(),
		workflow("status", "Status", HostStatuses),
	}, staffTail()...),
	AnyOf: []AnyOf{{Keys: []string{"contactNumber", "email"}, Message: msgReach}},
}

// discipleFields are the fields of a disciple registration, from the
// form to the temple president's answer.
func discipleFields() []Field {
	return append([]Field{
		name("fullName", "Full name").input().required("Please enter your full name.").sorted(),
		text("dateOfBirth", "Date of birth", 10).format(Date).input().
			withDates("1900-01-01", "", true, "Please check the year of the date of birth."),
		long("address", "Address", 500).input(),
		phone("contactNumber", "Contact number").input(),
		email("discipleEmail", "Disciple email").input(),
		email("templePresidentEmail", "Temple president email").input().
			required("Please enter the email address of your temple president, who will confirm your registration."),
		text("initiationDate", "Initiation date", 10).format(Date).input().
			withDates("1966-01-01", "1977-11-14", false,
				"Srila Prabhupada gave initiation between 1 January 1966 and 14 November 1977; please enter a date in that range."),
		name("initiationName", "Initiation name").input(),
		boolean("isApproved", "Approved"),
		ref(),
		text("status", "Status", 40),
		text("referrer.name", "Referrer name", 200),
		text("referrer.position", "Referrer position", 200),
		text("referrer.contact", "Referrer contact", 200),
		text("referrer.email", "Referrer email", 254),
		long("declineReason", "Decline reason", 1000),
		long("reviewReason", "Needs review because", 1000),
		maybeMoment("tokenExpiresAt", "Link expires"),
		maybeMoment("approvedAt", "Approved on"),
		workflow("followUp", "Follow-up", FollowUpStatuses),
	}, staffTail()...)
}

func (f Field) withDates(min, max string, past bool, rangeMsg string) Field {
	f.MinDate, f.MaxDate, f.Past, f.RangeMsg = min, max, past, rangeMsg
	return f
}

// Disciples are the confirmed disciple registrations.
var Disciples = &Entity{
	Name: "disciples", Title: "Disciples", Editable: true, Deletable: true,
	Key:    []string{"fullName", "initiationName", "contactNumber", "followUp", OwnerKey},
	Fields: discipleFields(),
	AnyOf:  []AnyOf{{Keys: []string{"contactNumber", "discipleEmail"}, Message: msgReach}},
}

// PendingDisciples are the registrations still waiting for, or refused
// by, their temple president: the same fields, none editable.
var PendingDisciples = readOnly(&Entity{Name: "pending-disciples", Title: "Pending", Deletable: true,
	Key: []string{"fullName", "templePresidentEmail", "createdAt", "tokenExpiresAt", "status"}, Fields: discipleFields()})

// Messages are the messages of the Contact Us form: what the person wrote
// stays as sent; the staff move its status and owner.
var Messages = staffed(readOnly(&Entity{
	Name: "messages", Title: "Messages", Deletable: true,
	Key: []string{"name", "subject", "status", OwnerKey, "createdAt"},
	Fields: append([]Field{
		name("name", "Name").input().required("Please enter your name").sorted(),
		email("email", "Email").input().required("Please enter your email").sorted(),
		text("subject", "Subject", 200).input().required("Please enter a subject"),
		phone("phone", "Phone").input().required("Please enter your phone number"),
		long("message", "Message", 4000).input().required("Please enter your message"),
		boolean("acceptTerms", "Accepted terms").formOnly().required("Please accept the terms and conditions"),
		ref(),
	}, tail()...),
}), workflow("status", "Status", MessageStatuses))

// Subscribers are the addresses left on the coming-soon page.
var Subscribers = readOnly(&Entity{
	Name: "subscribers", Title: "Subscribers", Deletable: true,
	Key: []string{"email", "createdAt"},
	Fields: []Field{
		email("email", "Email").input().required("Please enter your email address.").sorted(),
		moment("createdAt", "Created").sorted(),
		{Key: "_id", Label: "ID", Kind: Text, Shown: true, Exported: true},
	},
})

// Audit is the log of every admin change.
var Audit = &Entity{
	Name: "audit", Title: "Audit",
	Key: []string{"createdAt", "actorEmail", "action", "entity", "entityId"},
	Fields: []Field{
		moment("createdAt", "When").sorted(),
		text("actorEmail", "Admin", 254),
		text("action", "Action", 40),
		text("entity", "Record type", 40),
		text("entityId", "Record ID", 40),
		{Key: "before", Label: "Before", Kind: JSON, Shown: true, Exported: true},
		{Key: "after", Label: "After", Kind: JSON, Shown: true, Exported: true},
		text("actorId", "Admin ID", 40).unsearched(),
		text("_id", "ID", 40).unsearched(),
	},
}

// Mail is the outbox as the dashboard's mail tab shows it (never the
// bodies: reset and confirmation links live in them).
var Mail = &Entity{
	Name: "mail", Title: "Mail",
	Key: []string{"to", "subject", "status", "createdAt"},
	Fields: []Field{
		text("kind", "Kind", 40).unsearched(),
		text("to", "To", 254),
		text("subject", "Subject", 200),
		text("status", "Status", 40).option([]string{"pending", "sent", MailWrittenToFile, "failed"}),
		{Key: "attempts", Label: "Attempts", Kind: Int, Shown: true, Exported: true},
		text("lastError", "Last error", 2000),
		maybeMoment("nextAttemptAt", "Next attempt"),
		moment("createdAt", "Created").sorted(),
		maybeMoment("sentAt", "Sent"),
		text("_id", "ID", 40).unsearched(),
	},
}

// MailWrittenToFile is the Mail tab's status of a message the server
// wrote to a file instead of sending it (no SMTP server is set up).
const MailWrittenToFile = "written to a file, not sent"

// readOnly makes every field of e read-only for admins.
func readOnly(e *Entity) *Entity {
	e.Editable = false
	for i := range e.Fields {
		e.Fields[i].Editable = false
	}
	return e
}

// Referrers are the program's directory of temple presidents and other
// authorities: a confirmation from one of them approves a disciple.
var Referrers = &Entity{
	Name: "referrers", Title: "Referrers", Editable: true, Deletable: true,
	Key: []string{"name", "position", "temple", "email"},
	Fields: append([]Field{
		name("name", "Name").input().required("Please enter the referrer's name.").sorted(),
		text("position", "Position", 200).input(),
		text("temple", "Temple", 200).input(),
		email("email", "Email").input().required("Please enter the referrer's email address: confirmation links go there.").sorted(),
		phone("phone", "Phone").input(),
	}, tail()...),
}

// Tabs are the dashboard's lists, in the order the page shows them.
var Tabs = []*Entity{Users, Disciples, PendingDisciples, Volunteers, Hosts, Messages, Subscribers, Donations, Payments, Referrers, Grievances, Care, Partners, Mail, Audit}

// All is every entity, the tabs and the rest.
var All = append(append([]*Entity{}, Tabs...), CareAssessments, CareNeeds, CareActions, CareContacts)

// ByName returns the entity of a name, or nil.
func ByName(name string) *Entity {
	for _, e := range All {
		if e.Name == name {
			return e
		}
	}
	return nil
}
