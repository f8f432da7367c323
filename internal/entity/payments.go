package entity

import (
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// The care register's help given, as the API names it.
var (
	PaymentKinds    = []string{"money", "in_kind"}
	PaymentModes    = []string{"cash", "bank_transfer", "upi", "cheque", "other"}
	PaymentStatuses = []string{"awaiting_approval", "approved", "cancelled"}
)

// CarePayments is the form that records help given from a care record:
// its fields' limits, formats and choices are the ones the payment's check
// applies (care.Check) and the web app's form reads from the generated
// module. The amount is sent in paise and checked by its own rules.
var CarePayments = &Entity{
	Name: "care-payments", Title: msgs.LabelPayments.En(), TitleMsg: msgs.LabelPayments,
	Fields: []Field{
		text("kind", msgs.LabelKind, 10).option(PaymentKinds).unsearched().input().
			required(msgs.PaymentChooseKind).webPrompt("care.err.kindRequired"),
		text("purpose", msgs.LabelFund, 20).option(DonationPurposes).unsearched().input().
			required(msgs.PaymentChooseFund).webPrompt("care.err.purposeRequired"),
		text("service", msgs.LabelService, 20).option(CareServices).unsearched().input().
			required(msgs.PaymentChooseService).webPrompt("care.err.serviceRequired"),
		careDate("paidOn", msgs.LabelPaidOn).required(msgs.PaymentEnterDate).webPrompt("care.err.dateRequired"),
		// Money needs its mode; help in kind has none.
		text("mode", msgs.LabelMode, 20).option(PaymentModes).unsearched().input(),
		text("reference", msgs.LabelReference, 60).input(),
		text("payee", msgs.LabelPayee, 200).input().required(msgs.PaymentEnterPayee).webPrompt("care.err.payeeRequired"),
		long("description", msgs.LabelDescription, 1000).input(),
		long("overdrawReason", msgs.LabelOverdrawReason, 1000).input(),
	},
}

// listed is a form's field as a list of records shows it: the same kind,
// limit and choices, read-only.
func listed(e *Entity, key string) Field {
	f := *e.Field(key)
	f.Form, f.Editable, f.Required, f.Prompt, f.PromptKey = false, false, false, i18n.Msg{}, ""
	return f
}

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
		listed(CarePayments, "kind"),
		{Key: "amountPaise", Label: msgs.LabelAmountPaise.En(), LabelMsg: msgs.LabelAmountPaise, Kind: Int, Exported: true},
		text("amountText", msgs.LabelAmount, 30).unsearched(),
		listed(CarePayments, "purpose"),
		listed(CarePayments, "service"),
		listed(CarePayments, "mode"),
		listed(CarePayments, "reference"),
		listed(CarePayments, "payee"),
		listed(CarePayments, "description"),
		text("status", msgs.LabelStatus, 20).option(PaymentStatuses).unsearched(),
		text("createdByName", msgs.LabelRecordedBy, 200).unsearched(),
		text("approvedByName", msgs.LabelApprovedBy, 200).unsearched(),
		maybeMoment("approvedAt", msgs.LabelApproved),
		listed(CarePayments, "overdrawReason"),
		long("cancelReason", msgs.LabelPaymentCancelReason, 1000),
		moment("createdAt", msgs.LabelCreated).sorted(),
		{Key: "__v", Label: msgs.LabelVersion.En(), LabelMsg: msgs.LabelVersion, Kind: Int, Exported: true},
		{Key: "_id", Label: msgs.LabelId.En(), LabelMsg: msgs.LabelId, Kind: Text, Shown: true, Exported: true},
	},
}
