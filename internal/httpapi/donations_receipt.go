package httpapi

import (
	"errors"
	"net/http"
	"sort"
	"strings"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/receipt"
	"spdc/internal/store"
)

// receiptPDF draws a donation's receipt as it was issued (its snapshot),
// marked Duplicate or Cancelled as asked; the QR code points to the
// site's verification page for it.
func (s *Server) receiptPDF(d *store.Donation, duplicate bool) ([]byte, error) {
	snap, err := d.Receipt.OpenSnapshot(s.secret)
	if err != nil {
		return nil, err
	}
	issued, _ := time.ParseInLocation(time.DateOnly, snap.IssuedOn, india.IST)
	received, _ := time.ParseInLocation(time.DateOnly, snap.ReceivedOn, india.IST)
	data := receipt.Data{
		Trust: receipt.Trust{Name: snap.TrustName, PAN: snap.TrustPAN, AddressLines: snap.TrustAddress,
			Reg80GNumber: snap.Reg80GNumber, Reg80GDate: snap.Reg80GDate, Reg80GValidUntil: snap.Reg80GValidUntil,
			SignatoryName: snap.SignatoryName, SignatoryTitle: snap.SignatoryTitle},
		Number: snap.Number, IssuedOn: issued, FinancialYear: snap.FinancialYear,
		DonorName: snap.DonorName, DonorAddress: snap.DonorAddress, DonorIDType: snap.DonorIDType, DonorID: snap.DonorID,
		AmountPaise: snap.AmountPaise, PaidOn: received, Mode: snap.Mode, Reference: snap.Reference, Purpose: snap.Purpose,
		ReceiptType: snap.ReceiptType, Duplicate: duplicate,
		Cancelled: d.Receipt.Status == store.ReceiptCancelled, CancelReason: d.Receipt.CancelReason,
		VerifyURL: s.cfg.PublicURL + "/receipts/verify/" + d.Receipt.VerifyCode,
	}
	pdf, err := receipt.PDF(data)
	var fe india.FieldErrors
	if errors.As(err, &fe) {
		// The receipt cannot be drawn as the settings or the gift stand:
		// nothing is issued, and the admin is told what to complete.
		keys := make([]string, 0, len(fe))
		for k := range fe {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		// The receipt is English; the problems that stop it are told in
		// the admin's language.
		problems := make(i18n.Sentences, len(keys))
		for i, k := range keys {
			problems[i] = fe[k]
		}
		return nil, &Error{Status: http.StatusConflict, Msg: msgs.LabelReceiptCannotDrawnProblems.With("problems", problems), cause: err}
	}
	return pdf, err
}

// receiptFileName names a receipt's PDF after its number.
func receiptFileName(d *store.Donation) string {
	return "receipt-" + strings.ReplaceAll(d.Receipt.Number, "/", "-") + ".pdf"
}

// sendReceipt enqueues, in tx, the email that brings the donor the
// receipt's PDF (a "Duplicate" copy once it was reissued); the file is
// sealed in the outbox since it shows the whole ID number.
func (s *Server) sendReceipt(r *http.Request, tx *store.Tx, d *store.Donation) error {
	pdf, err := s.receiptPDF(d, d.Receipt.Duplicate)
	if err != nil {
		return err
	}
	m, err := s.mailIn(r.Context(), d.UserID, d.Language).Receipt(d.Email, d.DonorName, d.Receipt.Number, india.Paise(d.AmountPaise).String(),
		d.ReceiptType == string(india.Receipt80G), d.Receipt.Duplicate,
		mail.Attachment{Name: receiptFileName(d), ContentType: "application/pdf", Data: pdf})
	if err != nil {
		return err
	}
	m.About = d.ID
	return outbox.EnqueueSealed(r.Context(), tx, s.now(), m, s.secret)
}

// writePDF answers with a receipt's PDF, to be saved rather than shown
// inline (it holds the donor's whole ID number).
func writePDF(w http.ResponseWriter, name string, pdf []byte) {
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(pdf)
}

// adminFile answers GET /api/admin/{tab}/{file}: a tab's export.csv, or
// under receipts a receipt's PDF.
func (s *Server) adminFile(w http.ResponseWriter, r *http.Request) error {
	switch {
	case r.PathValue("file") == "export.csv":
		return s.adminExport(w, r)
	case r.PathValue("tab") == "receipts":
		return s.withSecret(s.adminReceiptPDF)(w, r)
	}
	// /api/admin/{tab}/{id} is a record: edited and deleted, never read
	// alone.
	w.Header().Set("Allow", "DELETE, PUT")
	return errorf(http.StatusMethodNotAllowed, msgs.ApiMethodNotAllowedHere)
}

// adminReceiptPDF answers GET /api/admin/receipts/{id}.pdf.
func (s *Server) adminReceiptPDF(w http.ResponseWriter, r *http.Request) error {
	id, ok := strings.CutSuffix(r.PathValue("file"), ".pdf")
	if !ok || !store.ValidID(id) {
		return errorf(http.StatusNotFound, msgs.ApiNotFound)
	}
	d, err := s.store.DonationByReceiptID(r.Context(), id)
	if err != nil {
		return err
	}
	if err := s.logLook(r, store.AccessReceipt, "donations", d.ID); err != nil {
		return err
	}
	pdf, err := s.receiptPDF(d, d.Receipt.Duplicate)
	if err != nil {
		return err
	}
	writePDF(w, receiptFileName(d), pdf)
	return nil
}

// myReceiptPDF answers GET /api/users/me/donations/{id}/receipt.pdf: the
// signed-in donor's own receipt; another person's gift is not found.
func (s *Server) myReceiptPDF(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if !store.ValidID(id) {
		return errorf(http.StatusNotFound, msgs.ApiNotFound)
	}
	d, err := s.store.DonationByID(r.Context(), id)
	if err != nil {
		return err
	}
	if !store.OwnerOf(currentUser(r)).Owns(d.UserID, d.Email) {
		return errorf(http.StatusNotFound, msgs.ApiNotFound)
	}
	if d.Receipt == nil {
		return errorf(http.StatusNotFound, msgs.DonationGiftHasNoReceiptYetIt)
	}
	pdf, err := s.receiptPDF(d, d.Receipt.Duplicate)
	if err != nil {
		return err
	}
	writePDF(w, receiptFileName(d), pdf)
	return nil
}
