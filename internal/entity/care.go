package entity

import (
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

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
	Name: "care", Title: msgs.LabelCare.En(), TitleMsg: msgs.LabelCare, Editable: true,
	Key: []string{"fullName", CareOwnerNameKey, "status", "nextContactDue", "reassessmentDue"},
	Fields: append([]Field{
		name("fullName", msgs.LabelFullName).sorted(),
		name("initiatedName", msgs.LabelInitiatedName),
		text(CareOwnerKey, msgs.LabelOwnerId, 40).unsearched().hidden().input(),
		{Key: CareOwnerNameKey, Label: msgs.LabelOwner.En(), LabelMsg: msgs.LabelOwner, Kind: Text, Max: 200, Shown: true, Exported: true, Derived: true},
		workflow("status", msgs.LabelStatus, CareStatuses),
		text("nextContactDue", msgs.LabelNextContactDue, 10).format(Date).unsearched().sorted().input().
			withDates("2000-01-01", "2200-12-31", false, msgs.CheckCareNextContactDate),
		text("reassessmentDue", msgs.LabelReassessmentDue, 10).format(Date).unsearched().sorted(),
		text("lastContactOn", msgs.LabelLastContact, 10).format(Date).unsearched(),
		text("discipleId", msgs.LabelDiscipleId, 40).unsearched().hidden(),
	}, tail()...),
}

// Partners are the program's directory of hospitals, doctors, guest
// houses and temples a care plan may call on.
var Partners = &Entity{
	Name: "partners", Title: msgs.LabelPartners.En(), TitleMsg: msgs.LabelPartners, Editable: true, Deletable: true,
	Key: []string{"name", "kind", "city", "phone"},
	Fields: append([]Field{
		text("kind", msgs.LabelKind, 20).option(PartnerKinds).unsearched().input().required(msgs.CheckChoosePartnerKind).webPrompt("care.err.kindRequired"),
		name("name", msgs.LabelName).input().required(msgs.CheckEnterPartnerName).webPrompt("care.err.nameRequired").sorted(),
		text("city", msgs.LabelCity, 120).input(),
		phone("phone", msgs.LabelPhone).input(),
		email("email", msgs.LabelEmail).input(),
		long("notes", msgs.LabelNotes, 2000).input(),
	}, tail()...),
}

// hidden keeps a field out of the dashboard's columns (it stays in the
// CSV).
func (f Field) hidden() Field { f.Shown = false; return f }

// The parts of a care record, each sent by the record's own forms: their
// fields' limits and formats check what a coordinator sends, and the web
// app's forms read them from the generated module. None is a list of the
// dashboard.

// MsgCareFuture is the message for an assessment or a contact dated
// after today, where only a day that has come is meaningful (a visit that
// happened).
var MsgCareFuture = msgs.CheckCareDateFuture

// careDate is a calendar day of the register, from 2000 to 2200.
func careDate(key string, label i18n.Msg) Field {
	return text(key, label, 10).format(Date).unsearched().input().
		withDates("2000-01-01", "2200-12-31", false, msgs.CheckCareDate)
}

// CareAssessments are the needs assessments: the coordinator's notes on
// each part of the elder's life and the day of the assessment (needs,
// the services with their priorities, are sent beside them).
var CareAssessments = &Entity{
	Name: "care-assessments", Title: msgs.LabelAssessments.En(), TitleMsg: msgs.LabelAssessments,
	Fields: []Field{
		careDate("assessedOn", msgs.LabelAssessedOn).required(msgs.CheckEnterAssessmentDay).webPrompt("care.err.dateRequired"),
		long("health", msgs.LabelHealth, 2000).input(),
		long("mobility", msgs.LabelMobility, 2000).input(),
		long("living", msgs.LabelLivingSituation, 2000).input(),
		long("income", msgs.LabelIncomeSavings, 2000).input(),
		long("family", msgs.LabelFamilySupport, 2000).input(),
		long("spiritual", msgs.LabelSpiritualLife, 2000).input(),
		long("risks", msgs.LabelUrgentRisks, 2000).input(),
	},
}

// CareNeeds are the services an assessment finds needed, each with a
// priority.
var CareNeeds = &Entity{
	Name: "care-needs", Title: msgs.LabelNeeds.En(), TitleMsg: msgs.LabelNeeds,
	Fields: []Field{
		text("service", msgs.LabelService, 20).option(CareServices).input().required(msgs.CheckChooseServiceNeeded).webPrompt("care.err.serviceRequired"),
		text("priority", msgs.LabelPriority, 10).option(CarePriorities).input().required(msgs.CheckChoosePriority).webPrompt("care.err.priorityRequired"),
	},
}

// CareActions are the steps of the care plan: an action for a need, who
// is responsible, by when and how far it has gone; a volunteer, a stay
// with a host or a partner may be part of it.
var CareActions = &Entity{
	Name: "care-actions", Title: msgs.LabelPlan.En(), TitleMsg: msgs.LabelPlan,
	Fields: []Field{
		text("service", msgs.LabelService, 20).option(CareServices).input().required(msgs.CheckChooseActionService).webPrompt("care.err.serviceRequired"),
		long("action", msgs.LabelAction, 1000).input().required(msgs.CheckDescribeAction).webPrompt("care.err.actionRequired"),
		text("responsibleId", msgs.LabelResponsible, 40).unsearched().input().required(msgs.CheckChooseResponsible).webPrompt("care.err.responsibleRequired"),
		careDate("targetDate", msgs.LabelTargetDate).required(msgs.CheckEnterTargetDate).webPrompt("care.err.dateRequired"),
		text("status", msgs.LabelStatus, 20).option(CareActionStatuses).input().required(msgs.CheckChooseStatus).webPrompt("care.err.statusRequired"),
		text("volunteerId", msgs.LabelVolunteer, 40).unsearched().input(),
		text("hostId", msgs.LabelHost, 40).unsearched().input(),
		careDate("stayFrom", msgs.LabelStayFrom),
		careDate("stayTo", msgs.LabelStayTo),
		text("stayPlace", msgs.LabelPlaceOfStay, 200).input(),
		text("partnerId", msgs.LabelPartner, 40).unsearched().input(),
	},
}

// CareContacts are the contact log's entries: a call or a visit, on a
// day, a short summary and when the next contact is due.
var CareContacts = &Entity{
	Name: "care-contacts", Title: msgs.LabelContacts.En(), TitleMsg: msgs.LabelContacts,
	Fields: []Field{
		careDate("contactOn", msgs.LabelContactOn).required(msgs.CheckEnterContactDay).webPrompt("care.err.dateRequired"),
		text("kind", msgs.LabelKind, 10).option(CareContactKinds).input().required(msgs.CheckChooseCallVisitOther).webPrompt("care.err.kindRequired"),
		long("summary", msgs.LabelSummary, 2000).input().required(msgs.CheckWriteContactSummary).webPrompt("care.err.summaryRequired"),
		careDate("nextDue", msgs.LabelNextContactDue),
	},
}
