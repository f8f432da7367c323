package entity

// Grievances are complaints and requests about personal data (to see,
// correct or erase it, or about how it was used), sent by anyone through
// the Privacy page. The program must answer each within 90 days (dueAt);
// admins are reminded by email before that passes, and the answer goes to
// the person by email. What the person wrote is theirs and cannot be
// edited; an admin's only edit is the answer, which sends it.
var Grievances = &Entity{
	Name: "grievances", Title: "Grievances", Editable: true, Deletable: true,
	Key: []string{"name", "status", "dueAt", "email"},
	Fields: append([]Field{
		name("name", "Name").formOnly().required("Please enter your name"),
		email("email", "Email").formOnly(),
		phone("phone", "Phone").formOnly(),
		long("message", "Message", 4000).formOnly().required("Please write your request or complaint"),
		text("status", "Status", 40).option([]string{"open", "answered"}),
		moment("dueAt", "Answer due by"),
		// The answer is an admin's edit; the public form's value, if
		// sent, is never stored (InsertGrievance writes only what the
		// person wrote).
		long("answer", "Answer", 4000).input(),
		maybeMoment("answeredAt", "Answered"),
		text("answeredBy", "Answered by", 254),
	}, tail()...),
	AnyOf: []AnyOf{{Keys: []string{"email", "phone"}, Message: msgReach}},
}
