package entity

import (
	"spdc/internal/i18n/msgs"
)

// Option lists of the donation form, as the API takes them.
var (
	DonationIDTypes     = []string{"PAN", "AADHAAR", "OTHER"}
	DonationModes       = []string{"UPI", "IMPS", "NEFT", "RTGS", "CHEQUE", "CASH"}
	DonationPurposes    = []string{"General", "Health", "Travel", "SPDC"}
	DonationReceipts    = []string{"80G", "General"}
	DonationStatuses    = []string{"reported", "confirmed", "rejected"}
	DonationReceiptStat = []string{"issued", "cancelled"}
)

// Donations are the gifts donors report after paying, their confirmation
// by an admin and the receipt issued for each. The donor's own details
// are checked here; the amount, ID, mode, reference and receipt type by
// the gift rules of package india, which join several fields. The ID
// number is shown masked (its last four characters) everywhere but on the
// receipt itself. Admins may correct the donor's details (a missing ID
// before the annual statement); the gift and its receipt are changed only
// by confirming, rejecting, cancelling and reissuing.
var Donations = &Entity{
	Name: "donations", Title: msgs.LabelDonations.En(), TitleMsg: msgs.LabelDonations, Editable: true, Deletable: true,
	Key: []string{"paidOn", "donorName", "amount", "reference", "status"},
	Fields: append([]Field{
		name("donorName", msgs.LabelDonorName).input().askedFor(msgs.PurposeReceiptName).required(msgs.DonationEnterNameAsOnPanIf).webPrompt("gift.err.name").sorted(),
		email("email", msgs.LabelEmail).input().askedFor(msgs.PurposeReceipt).required(msgs.DonationEnterEmailAddressReceiptSentThere).webPrompt("gift.err.email"),
		phone("phone", msgs.LabelPhone).input().askedFor(msgs.PurposePhone),
		long("address", msgs.LabelAddress, 500).input().askedFor(msgs.PurposeTaxAddress).required(msgs.DonationEnterAddressItPrintedOnReceipt).webPrompt("gift.err.address"),
		boolean("residentOfIndia", msgs.LabelResidentIndia),
		text("idType", msgs.LabelIdType, 10).option(DonationIDTypes).unsearched().input().askedFor(msgs.PurposeIdType),
		text("idNumber", msgs.LabelIdNumber, 75).input().askedFor(msgs.PurposeIdNumber),
		text("amount", msgs.LabelAmountRupees, 20).unsearched().sorted(),
		{Key: "amountPaise", Label: msgs.LabelAmountPaise.En(), LabelMsg: msgs.LabelAmountPaise, Kind: Int, Exported: true},
		text("amountText", msgs.LabelAmount, 30).unsearched(),
		text("paidOn", msgs.LabelPaidOn, 10).format(Date).formOnly().askedFor(msgs.PurposePaidOn).required(msgs.DonationEnterDatePaid).webPrompt("gift.err.paidOn").
			withDates("2000-01-01", "", false, msgs.DonationCheckDatePaid),
		text("mode", msgs.LabelMode, 10).option(DonationModes),
		text("reference", msgs.LabelReference, 22),
		text("purpose", msgs.LabelPurpose, 20).option(DonationPurposes).formOnly().askedFor(msgs.PurposeGift).required(msgs.DonationChoosePurposeGift).webPrompt("gift.err.purpose"),
		text("receiptType", msgs.LabelReceiptType, 10).option(DonationReceipts).unsearched(),
		boolean("consent", msgs.LabelConsent).formOnly().askedFor(msgs.PurposeConsent).required(msgs.DonationAgreeThatWeKeepTheseDetails).webPrompt("gift.err.consent"),
		ref(),
		text("status", msgs.LabelStatus, 20).option(DonationStatuses),
		long("rejectReason", msgs.LabelRejectReason, 1000),
		text("receivedOn", msgs.LabelReceivedOn, 10).format(Date),
		text("receipt._id", msgs.LabelReceiptId, 24).unsearched(),
		text("receipt.number", msgs.LabelReceiptNumber, 40),
		text("receipt.issuedOn", msgs.LabelReceiptDate, 10),
		text("receipt.status", msgs.LabelReceiptStatus, 20).option(DonationReceiptStat),
		long("receipt.cancelReason", msgs.LabelCancelReason, 1000),
		boolean("receipt.duplicate", msgs.LabelDuplicateIssued),
	}, tail()...),
}
