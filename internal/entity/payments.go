package entity

// The care register's help given, as the API names it.
var (
	PaymentKinds    = []string{"money", "in_kind"}
	PaymentModes    = []string{"cash", "bank_transfer", "upi", "cheque", "other"}
	PaymentStatuses = []string{"awaiting_approval", "approved", "cancelled"}
)

// Payments are the help given to or for elders, as the accountants'
// list shows it: what was paid, from which fund, to whom, by whom
// recorded and approved, and never the elder it helped (the care record
// shows that to the coordinators). A payment is recorded from the care
// record, approved or cancelled by its own calls, and never edited or
// deleted: the accounts need every one.
var Payments = &Entity{
	Name: "payments", Title: "Payments",
	Fields: []Field{
		text("paidOn", "Paid on", 10).format(Date).unsearched().sorted(),
		text("kind", "Kind", 10).option(PaymentKinds).unsearched(),
		{Key: "amountPaise", Label: "Amount (paise)", Kind: Int, Exported: true},
		text("amountText", "Amount", 30).unsearched(),
		text("purpose", "Fund", 20).option(DonationPurposes).unsearched(),
		text("service", "Service", 20).option(CareServices).unsearched(),
		text("mode", "Mode", 20).option(PaymentModes).unsearched(),
		text("reference", "Reference", 60),
		text("payee", "Payee", 200),
		long("description", "Description", 1000),
		text("status", "Status", 20).option(PaymentStatuses).unsearched(),
		text("createdByName", "Recorded by", 200).unsearched(),
		text("approvedByName", "Approved by", 200).unsearched(),
		maybeMoment("approvedAt", "Approved"),
		long("overdrawReason", "Overdraw reason", 1000),
		long("cancelReason", "Cancel reason", 1000),
		moment("createdAt", "Created").sorted(),
		{Key: "__v", Label: "Version", Kind: Int, Exported: true},
		{Key: "_id", Label: "ID", Kind: Text, Shown: true, Exported: true},
	},
}
