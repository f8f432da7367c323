package entity

import (
	"spdc/internal/i18n/msgs"
)

// Grievances are complaints and requests about personal data (to see,
// correct or erase it, or about how it was used), sent by anyone through
// the Privacy page. The program must answer each within 90 days (dueAt);
// admins are reminded by email before that passes, and the answer goes to
// the person by email. What the person wrote is theirs and cannot be
// edited; an admin's only edit is the answer, which sends it.
var Grievances = &Entity{
	Name: "grievances", Title: msgs.LabelGrievances.En(), TitleMsg: msgs.LabelGrievances, Editable: true, Deletable: true,
	Key: []string{"name", "status", "dueAt", "email"},
	Fields: append([]Field{
		name("name", msgs.LabelName).formOnly().required(msgs.LabelEnterName),
		email("email", msgs.LabelEmail).formOnly(),
		phone("phone", msgs.LabelPhone).formOnly(),
		long("message", msgs.LabelMessage, 4000).formOnly().required(msgs.LabelWriteRequestOrComplaint),
		text("status", msgs.LabelStatus, 40).option([]string{"open", "answered"}),
		moment("dueAt", msgs.LabelAnswerDueBy),
		// The answer is an admin's edit; the public form's value, if
		// sent, is never stored (InsertGrievance writes only what the
		// person wrote).
		long("answer", msgs.LabelAnswer, 4000).input(),
		maybeMoment("answeredAt", msgs.LabelAnswered2),
		text("answeredBy", msgs.LabelAnsweredBy, 254),
	}, tail()...),
	AnyOf: []AnyOf{{Keys: []string{"email", "phone"}, Message: msgReach}},
}
