package india

// purposeWords are the words a receipt prints for each purpose a donor can
// choose on the donation form (entity.DonationPurposes): a receipt is a
// legal document and names what the gift is for, never an internal code.
var purposeWords = map[string]string{
	"General": "The trust's general purposes, wherever most needed",
	"Health":  "Health care of elderly disciples",
	"Travel":  "Travel of elderly disciples",
	"SPDC":    "Running the SPDC program for elderly disciples",
}

// PurposeWords returns the words for a purpose code; a purpose that is no
// code (written out already) is returned as it is.
func PurposeWords(code string) string {
	if w, ok := purposeWords[code]; ok {
		return w
	}
	return code
}
