package entity

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
	Name: "donations", Title: "Donations", Editable: true, Deletable: true,
	Key: []string{"paidOn", "donorName", "amount", "reference", "status"},
	Fields: append([]Field{
		name("donorName", "Donor name").input().required("Please enter your name (as on your PAN if you want an 80G receipt).").sorted(),
		email("email", "Email").input().required("Please enter your email address: your receipt is sent there."),
		phone("phone", "Phone").input(),
		long("address", "Address", 500).input().required("Please enter your address: it is printed on your receipt."),
		boolean("residentOfIndia", "Resident of India"),
		text("idType", "ID type", 10).option(DonationIDTypes).unsearched().input(),
		text("idNumber", "ID number", 75).input(),
		text("amount", "Amount (rupees)", 20).unsearched().sorted(),
		{Key: "amountPaise", Label: "Amount (paise)", Kind: Int, Exported: true},
		text("amountText", "Amount", 30).unsearched(),
		text("paidOn", "Paid on", 10).format(Date).formOnly().required("Please enter the date you paid.").
			withDates("2000-01-01", "", false, "Please check the date you paid."),
		text("mode", "Mode", 10).option(DonationModes),
		text("reference", "Reference", 22),
		text("purpose", "Purpose", 20).option(DonationPurposes).formOnly().required("Please choose the purpose of your gift."),
		text("receiptType", "Receipt type", 10).option(DonationReceipts).unsearched(),
		boolean("consent", "Consent").formOnly().required("Please agree that we keep these details to issue your receipt and file the annual statement."),
		ref(),
		text("status", "Status", 20).option(DonationStatuses),
		long("rejectReason", "Reject reason", 1000),
		text("receivedOn", "Received on", 10).format(Date),
		text("receipt._id", "Receipt ID", 24).unsearched(),
		text("receipt.number", "Receipt number", 40),
		text("receipt.issuedOn", "Receipt date", 10),
		text("receipt.status", "Receipt status", 20).option(DonationReceiptStat),
		long("receipt.cancelReason", "Cancel reason", 1000),
		boolean("receipt.duplicate", "Duplicate issued"),
	}, tail()...),
}
