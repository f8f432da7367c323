package entity

// The care register's vocabulary: the codes the API takes and answers;
// the words people read come from the web and mail catalogues.
var (
	// CareServices are the program's eight services.
	CareServices = []string{"financial", "healthcare", "spiritual", "health_assessment", "community",
		"relocation", "advocacy", "volunteering"}
	CarePriorities     = []string{"urgent", "high", "normal", "low"}
	CareStatuses       = []string{"active", "paused", "closed"}
	CareActionStatuses = []string{"planned", "in_progress", "done", "cancelled"}
	CareContactKinds   = []string{"call", "visit", "other"}
	PartnerKinds       = []string{"hospital", "doctor", "guest_house", "temple", "other"}
)

// Keys of the care record's owner fields.
const (
	CareOwnerKey     = "ownerId"
	CareOwnerNameKey = "ownerName"
)

// Care is the care register's list: one record per elder the program
// serves (an approved disciple), owned by a coordinator. The elder's names
// come from their registration and are edited there; the owner, the
// record's status and the next contact's day are the coordinator's. The
// reassessment's and the last contact's days follow the assessments and
// the contact log. The owner and the next contact's day are the fields of
// the record's own form.
var Care = &Entity{
	Name: "care", Title: "Care", Editable: true,
	Fields: append([]Field{
		name("fullName", "Full name").sorted(),
		name("initiatedName", "Initiated name"),
		text(CareOwnerKey, "Owner ID", 40).unsearched().hidden().input(),
		{Key: CareOwnerNameKey, Label: "Owner", Kind: Text, Max: 200, Shown: true, Exported: true, Derived: true},
		workflow("status", "Status", CareStatuses),
		text("nextContactDue", "Next contact due", 10).format(Date).unsearched().sorted().input().
			withDates("2000-01-01", "2200-12-31", false, "Please check the date of the next contact."),
		text("reassessmentDue", "Reassessment due", 10).format(Date).unsearched().sorted(),
		text("lastContactOn", "Last contact", 10).format(Date).unsearched(),
		text("discipleId", "Disciple ID", 40).unsearched().hidden(),
	}, tail()...),
}

// Partners are the program's directory of hospitals, doctors, guest
// houses and temples a care plan may call on.
var Partners = &Entity{
	Name: "partners", Title: "Partners", Editable: true, Deletable: true,
	Fields: append([]Field{
		text("kind", "Kind", 20).option(PartnerKinds).unsearched().input().required("Please choose the kind of partner."),
		name("name", "Name").input().required("Please enter the partner's name.").sorted(),
		text("city", "City", 120).input(),
		phone("phone", "Phone").input(),
		email("email", "Email").input(),
		long("notes", "Notes", 2000).input(),
	}, tail()...),
}

// hidden keeps a field out of the dashboard's columns (it stays in the
// CSV).
func (f Field) hidden() Field { f.Shown = false; return f }

// The parts of a care record, each sent by the record's own forms: their
// fields' limits and formats check what a coordinator sends, and the web
// app's forms read them from the generated module. None is a list of the
// dashboard.

// msgFuture is the message for a day that has not come yet where only a
// day that has is meaningful (a visit that happened).
const msgFuture = "This date cannot be in the future."

// MsgCareFuture is the message for an assessment or a contact dated
// after today.
const MsgCareFuture = msgFuture

// careDate is a calendar day of the register, from 2000 to 2200.
func careDate(key, label string) Field {
	return text(key, label, 10).format(Date).unsearched().input().
		withDates("2000-01-01", "2200-12-31", false, "Please check the date.")
}

// CareAssessments are the needs assessments: the coordinator's notes on
// each part of the elder's life and the day of the assessment (needs,
// the services with their priorities, are sent beside them).
var CareAssessments = &Entity{
	Name: "care-assessments", Title: "Assessments",
	Fields: []Field{
		careDate("assessedOn", "Assessed on").required("Please enter the day of the assessment."),
		long("health", "Health", 2000).input(),
		long("mobility", "Mobility", 2000).input(),
		long("living", "Living situation", 2000).input(),
		long("income", "Income and savings", 2000).input(),
		long("family", "Family and support", 2000).input(),
		long("spiritual", "Spiritual life", 2000).input(),
		long("risks", "Urgent risks", 2000).input(),
	},
}

// CareNeeds are the services an assessment finds needed, each with a
// priority.
var CareNeeds = &Entity{
	Name: "care-needs", Title: "Needs",
	Fields: []Field{
		text("service", "Service", 20).option(CareServices).input().required("Please choose the service needed."),
		text("priority", "Priority", 10).option(CarePriorities).input().required("Please choose the priority."),
	},
}

// CareActions are the steps of the care plan: an action for a need, who
// is responsible, by when and how far it has gone; a volunteer, a stay
// with a host or a partner may be part of it.
var CareActions = &Entity{
	Name: "care-actions", Title: "Plan",
	Fields: []Field{
		text("service", "Service", 20).option(CareServices).input().required("Please choose the service this action meets."),
		long("action", "Action", 1000).input().required("Please describe the action."),
		text("responsibleId", "Responsible", 40).unsearched().input().required("Please choose who is responsible."),
		careDate("targetDate", "Target date").required("Please enter the target date."),
		text("status", "Status", 20).option(CareActionStatuses).input().required("Please choose the status."),
		text("volunteerId", "Volunteer", 40).unsearched().input(),
		text("hostId", "Host", 40).unsearched().input(),
		careDate("stayFrom", "Stay from"),
		careDate("stayTo", "Stay to"),
		text("stayPlace", "Place of stay", 200).input(),
		text("partnerId", "Partner", 40).unsearched().input(),
	},
}

// CareContacts are the contact log's entries: a call or a visit, on a
// day, a short summary and when the next contact is due.
var CareContacts = &Entity{
	Name: "care-contacts", Title: "Contacts",
	Fields: []Field{
		careDate("contactOn", "Contact on").required("Please enter the day of the contact."),
		text("kind", "Kind", 10).option(CareContactKinds).input().required("Please choose call, visit or other."),
		long("summary", "Summary", 2000).input().required("Please write a short summary of the contact."),
		careDate("nextDue", "Next contact due"),
	},
}
