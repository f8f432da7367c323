package entity

import "spdc/internal/i18n/msgs"

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
	Name: "payments", Title: msgs.LabelPayments.En(), TitleMsg: msgs.LabelPayments,
	Key: []string{"paidOn", "amountText", "purpose", "payee", "status"},
	Fields: []Field{
		text("paidOn", msgs.LabelPaidOn, 10).format(Date).unsearched().sorted(),
		text("kind", msgs.LabelKind, 10).option(PaymentKinds).unsearched(),
		{Key: "amountPaise", Label: msgs.LabelAmountPaise.En(), LabelMsg: msgs.LabelAmountPaise, Kind: Int, Exported: true},
		text("amountText", msgs.LabelAmount, 30).unsearched(),
		text("purpose", msgs.LabelFund, 20).option(DonationPurposes).unsearched(),
		text("service", msgs.LabelService, 20).option(CareServices).unsearched(),
		text("mode", msgs.LabelMode, 20).option(PaymentModes).unsearched(),
		text("reference", msgs.LabelReference, 60),
		text("payee", msgs.LabelPayee, 200),
		long("description", msgs.LabelDescription, 1000),
		text("status", msgs.LabelStatus, 20).option(PaymentStatuses).unsearched(),
		text("createdByName", msgs.LabelRecordedBy, 200).unsearched(),
		text("approvedByName", msgs.LabelApprovedBy, 200).unsearched(),
		maybeMoment("approvedAt", msgs.LabelApproved),
		long("overdrawReason", msgs.LabelOverdrawReason, 1000),
		long("cancelReason", msgs.LabelPaymentCancelReason, 1000),
		moment("createdAt", msgs.LabelCreated).sorted(),
		{Key: "__v", Label: msgs.LabelVersion.En(), LabelMsg: msgs.LabelVersion, Kind: Int, Exported: true},
		{Key: "_id", Label: msgs.LabelId.En(), LabelMsg: msgs.LabelId, Kind: Text, Shown: true, Exported: true},
	},
}
