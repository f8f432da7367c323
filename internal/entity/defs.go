package entity

import (
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// Builders keep each definition to one line per field: a text field is
// searchable, shown and exported unless said otherwise. A list is sorted
// only by the few fields marked sorted(): each has an index of its own in
// every database (a sort without one reads and sorts every row), and a
// test checks that the query plan uses it.

func text(key string, label i18n.Msg, max int) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: Text, Max: max, Searchable: true, Shown: true, Exported: true}
}

func long(key string, label i18n.Msg, max int) Field {
	f := text(key, label, max)
	f.Long = true
	return f
}

func boolean(key string, label i18n.Msg) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: Bool, Shown: true, Exported: true}
}

func list(key string, label i18n.Msg, options []string) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: List, Max: 20, Options: options, Searchable: true, Shown: true, Exported: true}
}

func moment(key string, label i18n.Msg) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: Time, Shown: true, Exported: true}
}

func maybeMoment(key string, label i18n.Msg) Field {
	return Field{Key: key, Label: label.En(), LabelMsg: label, Kind: TimePtr, Shown: true, Exported: true}
}

// input marks a field the public form sends and an admin may edit.
func (f Field) input() Field { f.Form, f.Editable = true, true; return f }

// formOnly marks a field the public form sends that an admin may not edit
// (a consent).
func (f Field) formOnly() Field { f.Form = true; return f }

// askedFor says why the public form asks for the field, as its privacy
// notice tells the sender.
func (f Field) askedFor(purpose i18n.Msg) Field { f.Purpose = purpose; return f }

func (f Field) required(prompt i18n.Msg) Field { f.Required, f.Prompt = true, prompt; return f }
func (f Field) format(fm Format) Field         { f.Format = fm; return f }
func (f Field) unsearched() Field              { f.Searchable = false; return f }

// webPrompt names the required field's message in the web catalogues.
func (f Field) webPrompt(key string) Field { f.PromptKey = key; return f }

// sorted offers the field as a sort of its list (see text).
func (f Field) sorted() Field { f.Sortable = true; return f }

func (f Field) option(options []string) Field {
	f.Format, f.Options = Option, options
	return f
}

// shows names the values a read-only text field takes, so that the
// dashboard shows each in the admin's language; unlike option, the value
// is not checked against them (no one edits it).
func (f Field) shows(values []string) Field {
	f.Options = values
	return f
}

func (f Field) revealedBy(key, option string) Field {
	f.RevealedBy = &Choice{Key: key, Option: option}
	return f
}

func email(key string, label i18n.Msg) Field { return text(key, label, 254).format(Email) }
func phone(key string, label i18n.Msg) Field { return text(key, label, 32).format(Phone) }
func name(key string, label i18n.Msg) Field  { return text(key, label, 120).format(Name) }

// ref is a submission's own short reference (V-4K7Q-2M), which the site
// makes and its sender quotes: shown, searched and exported, never edited.
func ref() Field { return text("ref", msgs.LabelOurReference, 9) }

// tail is what every record ends with, the id column last.
func tail() []Field {
	return []Field{
		moment("createdAt", msgs.LabelCreated).sorted(),
		moment("updatedAt", msgs.LabelUpdated),
		{Key: "__v", Label: msgs.LabelVersion.En(), LabelMsg: msgs.LabelVersion, Kind: Int, Exported: true},
		{Key: "_id", Label: msgs.LabelId.En(), LabelMsg: msgs.LabelId, Kind: Text, Shown: true, Exported: true},
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

var msgReach = msgs.CheckGiveContactNumberOrEmailAddress

// Users are the accounts people register.
var Users = &Entity{
	Name: "users", Title: msgs.LabelUsers.En(), TitleMsg: msgs.LabelUsers, Editable: true, Deletable: true,
	Key: []string{"fullName", "email", "mobile", "isAdmin"},
	Fields: append([]Field{
		text("fullName", msgs.LabelFullName, 200).format(Name).input().required(msgs.CheckEnterFullName).webPrompt("form.fullNameRequired").sorted(),
		email("email", msgs.LabelEmail).input().required(msgs.CheckEnterEmailAddress).webPrompt("form.emailRequired").sorted(),
		phone("mobile", msgs.LabelMobile).input().required(msgs.CheckEnterMobileNumber).webPrompt("form.mobileRequired"),
		long("address", msgs.LabelAddress, 1000).input(),
		boolean("isAdmin", msgs.LabelAdmin),
	}, tail()...),
}

// Volunteers are the volunteer registrations.
var Volunteers = &Entity{
	Name: "volunteers", Title: msgs.LabelVolunteers.En(), TitleMsg: msgs.LabelVolunteers, Editable: true, Deletable: true,
	Key: []string{"fullName", "email", "mobile", "status", OwnerKey},
	Fields: append([]Field{
		name("fullName", msgs.LabelFullName).input().askedFor(msgs.PurposeName).required(msgs.CheckEnterFullName).webPrompt("form.fullNameRequired").sorted(),
		email("email", msgs.LabelEmail).input().askedFor(msgs.PurposeEmail).required(msgs.CheckEnterEmailAddress).webPrompt("form.emailRequired").sorted(),
		phone("mobile", msgs.LabelMobile).input().askedFor(msgs.PurposePhone),
		long("address", msgs.LabelAddress, 500).input().askedFor(msgs.PurposeAddress),
		text("country", msgs.LabelCountry, 200).input().askedFor(msgs.PurposeCountry),
		text("nearestCenter", msgs.LabelNearestCenter, 200).input().askedFor(msgs.PurposeCenter),
		text("availability", msgs.LabelAvailability, 200).option(VolunteerAvailability).input().askedFor(msgs.PurposeAvailability),
		list("areasOfInterest", msgs.LabelAreasInterest, VolunteerAreas).input().askedFor(msgs.PurposeInterest),
		text("otherInterest", msgs.LabelOtherInterest, 200).revealedBy("areasOfInterest", "Other").input().askedFor(msgs.PurposeInterest).
			required(msgs.CheckSayWhichOtherAreaInterests).webPrompt("volunteer.otherRequired"),
		long("experience", msgs.LabelExperience, 4000).input().askedFor(msgs.PurposeExperience).required(msgs.CheckTellUsAboutExperience).webPrompt("volunteer.experienceRequired"),
		long("motivation", msgs.LabelMotivation, 4000).input().askedFor(msgs.PurposeMotivation).required(msgs.CheckTellUsWhyWouldLikeVolunteer).webPrompt("volunteer.motivationRequired"),
		long("skills", msgs.LabelSkills, 4000).input().askedFor(msgs.PurposeSkills).required(msgs.CheckTellUsAboutSkills).webPrompt("volunteer.skillsRequired"),
		boolean("consent", msgs.LabelConsent).formOnly().askedFor(msgs.PurposeConsent).required(msgs.CheckGiveConsentSoThatWeMay).webPrompt("volunteer.consentRequired"),
		ref(),
		workflow("status", msgs.LabelStatus, VolunteerStatuses),
	}, staffTail()...),
}

// HostCapacityKey is the key of a host offer's capacity.
const HostCapacityKey = "capacity"

// Hosts are the offers to host an elder.
var Hosts = &Entity{
	Name: "hosts", Title: msgs.LabelHosts.En(), TitleMsg: msgs.LabelHosts, Editable: true, Deletable: true,
	Key: []string{"fullName", "contactNumber", "email", "status", OwnerKey},
	Fields: append([]Field{
		name("fullName", msgs.LabelFullName).input().askedFor(msgs.PurposeName).required(msgs.CheckEnterFullName).webPrompt("form.fullNameRequired").sorted(),
		name("initiatedName", msgs.LabelInitiatedName).input().askedFor(msgs.PurposeName),
		phone("contactNumber", msgs.LabelContactNumber).input().askedFor(msgs.PurposePhone),
		email("email", msgs.LabelEmail).input().askedFor(msgs.PurposeEmail).sorted(),
		long("address", msgs.LabelAddress, 500).input().askedFor(msgs.PurposeHostAddress),
		text("country", msgs.LabelCountry, 200).input().askedFor(msgs.PurposeCountry),
		text("nearestCenter", msgs.LabelNearestCenter, 200).input().askedFor(msgs.PurposeCenter),
		list("accommodationTypes", msgs.LabelAccommodationTypes, HostAccommodation).input().askedFor(msgs.PurposePlace),
		text("accommodationOther", msgs.LabelOtherAccommodation, 200).revealedBy("accommodationTypes", "Others (please Specify)").input().askedFor(msgs.PurposePlace).
			required(msgs.CheckDescribeOtherAccommodation).webPrompt("host.accommodationOtherRequired"),
		list("availabilityDurations", msgs.LabelAvailabilityDurations, HostDurations).input().askedFor(msgs.PurposeStay),
		list("facilities", msgs.LabelFacilities, HostFacilities).input().askedFor(msgs.PurposePlace),
		text("facilityOther", msgs.LabelOtherFacility, 200).revealedBy("facilities", "Other").input().askedFor(msgs.PurposePlace).
			required(msgs.CheckDescribeOtherFacility).webPrompt("host.facilityOtherRequired"),
		long("whyHost", msgs.LabelWhyHost, 4000).input().askedFor(msgs.PurposeOffer).required(msgs.CheckTellUsWhyWishHost).webPrompt("host.whyRequired"),
		boolean("consentTerms", msgs.LabelAcceptedTerms).formOnly().askedFor(msgs.PurposeConsent).required(msgs.CheckAcceptTermsAndConditions).webPrompt("host.termsRequired"),
		boolean("consentContact", msgs.LabelAgreedContact).formOnly().askedFor(msgs.PurposeConsent).required(msgs.CheckAgreeThatWeMayContactAbout).webPrompt("host.contactRequired"),
		ref(),
		// How many elders the offer can take at once: one until the care
		// staff set it from the care plan (its own call, which checks it
		// by this definition), and the plan's stays keep within it.
		{Key: HostCapacityKey, Label: msgs.LabelCapacity.En(), LabelMsg: msgs.LabelCapacity, Kind: Int, Range: &Range{Min: 1, Max: 50},
			Shown: true, Exported: true},
		workflow("status", msgs.LabelStatus, HostStatuses),
	}, staffTail()...),
	AnyOf: []AnyOf{{Keys: []string{"contactNumber", "email"}, Message: msgReach}},
}

// discipleFields are the fields of a disciple registration, from the
// form to the temple president's answer.
func discipleFields() []Field {
	return append([]Field{
		name("fullName", msgs.LabelFullName).input().askedFor(msgs.PurposeName).required(msgs.CheckEnterFullName).webPrompt("form.fullNameRequired").sorted(),
		text("dateOfBirth", msgs.LabelDateBirth, 10).format(Date).input().askedFor(msgs.PurposeAge).
			withDates("1900-01-01", "", true, msgs.CheckCheckYearDateBirth),
		long("address", msgs.LabelAddress, 500).input().askedFor(msgs.PurposeAddress),
		phone("contactNumber", msgs.LabelContactNumber).input().askedFor(msgs.PurposePhone),
		email("discipleEmail", msgs.LabelDiscipleEmail).input().askedFor(msgs.PurposeEmail),
		email("templePresidentEmail", msgs.LabelTemplePresidentEmail).input().askedFor(msgs.PurposeTemplePresident).
			required(msgs.CheckEnterEmailAddressTemplePresidentWho).webPrompt("disciple.presidentRequired"),
		text("initiationDate", msgs.LabelInitiationDate, 10).format(Date).input().askedFor(msgs.PurposeInitiation).
			withDates("1966-01-01", "1977-11-14", false,
				msgs.CheckSrilaPrabhupadaGaveInitiationBetween1),
		name("initiationName", msgs.LabelInitiationName).input().askedFor(msgs.PurposeInitiation),
		boolean("isApproved", msgs.LabelApproved),
		ref(),
		text("status", msgs.LabelStatus, 40),
		text("referrer.name", msgs.LabelReferrerName, 200),
		text("referrer.position", msgs.LabelReferrerPosition, 200),
		text("referrer.contact", msgs.LabelReferrerContact, 200),
		text("referrer.email", msgs.LabelReferrerEmail, 254),
		long("declineReason", msgs.LabelDeclineReason, 1000),
		long("reviewReason", msgs.LabelNeedsReviewBecause, 1000),
		maybeMoment("tokenExpiresAt", msgs.LabelLinkExpires),
		maybeMoment("approvedAt", msgs.LabelApprovedOn),
		workflow("followUp", msgs.LabelFollowUp, FollowUpStatuses),
	}, staffTail()...)
}

func (f Field) withDates(min, max string, past bool, rangeMsg i18n.Msg) Field {
	f.MinDate, f.MaxDate, f.Past, f.RangeMsg = min, max, past, rangeMsg
	return f
}

// Disciples are the confirmed disciple registrations.
var Disciples = &Entity{
	Name: "disciples", Title: msgs.LabelDisciples.En(), TitleMsg: msgs.LabelDisciples, Editable: true, Deletable: true,
	Key:    []string{"fullName", "initiationName", "contactNumber", "followUp", OwnerKey},
	Fields: discipleFields(),
	AnyOf:  []AnyOf{{Keys: []string{"contactNumber", "discipleEmail"}, Message: msgReach}},
}

// PendingDisciples are the registrations still waiting for, or refused
// by, their temple president: the same fields, none editable.
var PendingDisciples = readOnly(&Entity{Name: "pending-disciples", Title: msgs.LabelPending.En(), TitleMsg: msgs.LabelPending, Deletable: true,
	Key: []string{"fullName", "templePresidentEmail", "createdAt", "tokenExpiresAt", "status"}, Fields: discipleFields()})

// Messages are the messages of the Contact Us form: what the person wrote
// stays as sent; the staff move its status and owner.
var Messages = staffed(readOnly(&Entity{
	Name: "messages", Title: msgs.LabelMessages.En(), TitleMsg: msgs.LabelMessages, Deletable: true,
	Key: []string{"name", "subject", "status", OwnerKey, "createdAt"},
	Fields: append([]Field{
		name("name", msgs.LabelName).input().askedFor(msgs.PurposeName).required(msgs.LabelEnterName).webPrompt("contact.nameRequired").sorted(),
		email("email", msgs.LabelEmail).input().askedFor(msgs.PurposeAnswer).required(msgs.LabelEnterEmail).webPrompt("contact.emailRequired").sorted(),
		text("subject", msgs.LabelSubject, 200).input().askedFor(msgs.PurposeSubject).required(msgs.LabelEnterSubject).webPrompt("contact.subjectRequired"),
		phone("phone", msgs.LabelPhone).input().askedFor(msgs.PurposePhone).required(msgs.LabelEnterPhoneNumber).webPrompt("contact.phoneRequired"),
		long("message", msgs.LabelMessage, 4000).input().askedFor(msgs.PurposeAnswer).required(msgs.LabelEnterMessage).webPrompt("contact.messageRequired"),
		boolean("acceptTerms", msgs.LabelAcceptedTerms).formOnly().askedFor(msgs.PurposeConsent).required(msgs.LabelAcceptTermsAndConditions).webPrompt("contact.termsRequired"),
		ref(),
	}, tail()...),
}), workflow("status", msgs.LabelStatus, MessageStatuses))

// Subscribers are the addresses left on the coming-soon page.
var Subscribers = readOnly(&Entity{
	Name: "subscribers", Title: msgs.LabelSubscribers.En(), TitleMsg: msgs.LabelSubscribers, Deletable: true,
	Key: []string{"email", "createdAt"},
	Fields: []Field{
		email("email", msgs.LabelEmail).input().required(msgs.CheckEnterEmailAddress).sorted(),
		moment("createdAt", msgs.LabelCreated).sorted(),
		{Key: "_id", Label: msgs.LabelId.En(), LabelMsg: msgs.LabelId, Kind: Text, Shown: true, Exported: true},
	},
})

// Audit is the log of every admin change.
var Audit = &Entity{
	Name: "audit", Title: msgs.LabelAudit.En(), TitleMsg: msgs.LabelAudit,
	Key: []string{"createdAt", "actorEmail", "action", "entity", "entityId"},
	Fields: []Field{
		moment("createdAt", msgs.LabelWhen).sorted(),
		text("actorEmail", msgs.LabelAdmin, 254),
		text("action", msgs.LabelAction, 40).shows(AuditActions),
		text("entity", msgs.LabelRecordType, 40).shows(AuditRecordTypes),
		text("entityId", msgs.LabelRecordId, 40),
		{Key: "before", Label: msgs.LabelBefore.En(), LabelMsg: msgs.LabelBefore, Kind: JSON, Shown: true, Exported: true},
		{Key: "after", Label: msgs.LabelAfter.En(), LabelMsg: msgs.LabelAfter, Kind: JSON, Shown: true, Exported: true},
		text("actorId", msgs.LabelAdminId, 40).unsearched(),
		text("_id", msgs.LabelId, 40).unsearched(),
	},
}

// AuditActions and AuditRecordTypes are the values the audit log's action
// and record type take, which the dashboard shows in the admin's language
// (the values stay as stored).
var (
	AuditActions = []string{"accept", "answer", "breach_notice", "cancel receipt", "checklist", "confirm", "create", "delete", "erase",
		"guardian_order", "import", "issue-receipt", "note", "order", "reissue receipt", "reject", "reply", "resend", "retry", "roles", "update"}
	AuditRecordTypes = []string{"users", "disciples", "pending-disciples", "volunteers", "hosts", "messages", "subscribers", "donations",
		"referrers", "grievances", "mail", "breaches", "media", "site-settings", "site-team", "site-donors", "site-volunteers",
		"site-testimonials", "site-stories", "site-events", "site-faq", "site-gallery", "site-features", "site-steps", "site-pages"}
)

// Mail is the outbox as the dashboard's mail tab shows it (never the
// bodies: reset and confirmation links live in them).
var Mail = &Entity{
	Name: "mail", Title: msgs.LabelMail.En(), TitleMsg: msgs.LabelMail,
	Key: []string{"to", "subject", "status", "createdAt"},
	Fields: []Field{
		text("kind", msgs.LabelKind, 40).unsearched(),
		text("to", msgs.LabelTo, 254),
		text("subject", msgs.LabelSubject, 200),
		text("status", msgs.LabelStatus, 40).option([]string{"pending", "sent", MailWrittenToFile, "failed"}),
		{Key: "attempts", Label: msgs.LabelAttempts.En(), LabelMsg: msgs.LabelAttempts, Kind: Int, Shown: true, Exported: true},
		text("lastError", msgs.LabelLastError, 2000),
		maybeMoment("nextAttemptAt", msgs.LabelNextAttempt),
		moment("createdAt", msgs.LabelCreated).sorted(),
		maybeMoment("sentAt", msgs.LabelSent2),
		text("_id", msgs.LabelId, 40).unsearched(),
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
	Name: "referrers", Title: msgs.LabelReferrers.En(), TitleMsg: msgs.LabelReferrers, Editable: true, Deletable: true,
	Key: []string{"name", "position", "temple", "email"},
	Fields: append([]Field{
		name("name", msgs.LabelName).input().required(msgs.CheckEnterReferrerSName).sorted(),
		text("position", msgs.LabelPosition, 200).input(),
		text("temple", msgs.LabelTemple, 200).input(),
		email("email", msgs.LabelEmail).input().required(msgs.CheckEnterReferrerSEmailAddressConfirmation).sorted(),
		phone("phone", msgs.LabelPhone).input(),
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
