package httpapi

// Donations: a donor reports a gift after paying; an admin confirms it
// against the bank statement, which issues a numbered receipt, or rejects
// it; receipts are cancelled or reissued but never edited; anyone holding
// a receipt can check it by its code; and the annual statement of
// donations is built from the confirmed gifts. The rules on amounts, IDs,
// references and receipts live in package india; the store takes the
// receipt number in the transaction that confirms.

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
	"spdc/internal/mail"
	"spdc/internal/store"
)

// The donation answers' messages.
var (
	msgDonationReported = msgs.DonationThankWeHaveReceivedReportGift
	msgDonationDup      = msgs.DonationTransferHasAlreadyBeenReportedSame
	msgDonationNoKey    = msgs.DonationDonationsAreNotAvailableServerHas
	msgConfirmed        = msgs.DonationGiftConfirmedAndReceiptIssued
	msgRejected         = msgs.DonationGiftRejected
	msgCancelled        = msgs.DonationReceiptCancelledItsNumberStaysUsed
	msgReissued         = msgs.DonationReceiptReissuedAsDuplicate
	msgPaidFuture       = msgs.ConfirmDateCannotInFuture
)

// receiptJSON is a donation's receipt as the API shows it.
type receiptJSON struct {
	ID           string `json:"_id"`
	Number       string `json:"number"`
	IssuedOn     string `json:"issuedOn"`
	Status       string `json:"status"`
	CancelReason string `json:"cancelReason"`
	Duplicate    bool   `json:"duplicate"`
}

// donationJSON is a donation as the API shows it, to the donor and to
// admins alike: the ID number masked, the amount in rupees as a decimal,
// in paise and in Indian grouping.
type donationJSON struct {
	ID              string       `json:"_id"`
	DonorName       string       `json:"donorName"`
	Email           string       `json:"email"`
	Phone           string       `json:"phone"`
	Address         string       `json:"address"`
	ResidentOfIndia bool         `json:"residentOfIndia"`
	IDType          string       `json:"idType"`
	IDNumber        string       `json:"idNumber"`
	Amount          string       `json:"amount"`
	AmountPaise     int64        `json:"amountPaise"`
	AmountText      string       `json:"amountText"`
	PaidOn          string       `json:"paidOn"`
	Mode            string       `json:"mode"`
	Reference       string       `json:"reference"`
	Purpose         string       `json:"purpose"`
	ReceiptType     string       `json:"receiptType"`
	Status          string       `json:"status"`
	RejectReason    string       `json:"rejectReason"`
	ReceivedOn      string       `json:"receivedOn"`
	Receipt         *receiptJSON `json:"receipt"`
	CreatedAt       time.Time    `json:"createdAt"`
	UpdatedAt       time.Time    `json:"updatedAt"`
	Version         int          `json:"__v"`
}

func toDonationJSON(d *store.Donation) donationJSON {
	out := donationJSON{ID: d.ID, DonorName: d.DonorName, Email: d.Email, Phone: d.Phone, Address: d.Address,
		ResidentOfIndia: d.ResidentOfIndia, IDType: d.IDType, IDNumber: d.IDMasked,
		Amount: india.Paise(d.AmountPaise).Decimal(), AmountPaise: d.AmountPaise, AmountText: india.Paise(d.AmountPaise).String(),
		PaidOn: d.PaidOn, Mode: d.Mode, Reference: d.Reference, Purpose: d.Purpose, ReceiptType: d.ReceiptType,
		Status: d.Status, RejectReason: d.RejectReason, ReceivedOn: d.ReceivedOn,
		CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, Version: d.Version}
	if r := d.Receipt; r != nil {
		out.Receipt = &receiptJSON{ID: r.ID, Number: r.Number, IssuedOn: r.IssuedOn, Status: r.Status, CancelReason: r.CancelReason, Duplicate: r.Duplicate}
	}
	return out
}

// withSecret turns the donation endpoints away while the server has no
// data key to seal ID numbers with.
func (s *Server) withSecret(h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if s.secret == nil {
			return errorf(http.StatusServiceUnavailable, msgDonationNoKey)
		}
		return h(w, r)
	}
}

// todayIST is the calendar day in India at now, YYYY-MM-DD.
func todayIST(now time.Time) string { return now.In(india.IST).Format(time.DateOnly) }

// rawText reads a JSON string, or a JSON number as it was written (so
// that an amount sent as 5000.5 is read as typed and 5e3 is refused as
// an exponent, never through a float).
func rawText(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return string(raw), true
	}
	return "", false
}

// checkDonation validates a reported gift: the donor's details against the
// donation's definition, then the gift rules of package india (amount,
// ID, mode and reference, receipt type, residence), every problem keyed
// by its field.
func checkDonation(body map[string]json.RawMessage, now time.Time) (*store.Donation, string, error) {
	d := &store.Donation{}
	fe := checkForm(entity.Donations, body, now, d)
	// The ID is the gift rules' to judge (they know PAN and Aadhaar).
	delete(fe, "idType")
	delete(fe, "idNumber")
	report := india.GiftReport{}
	texts := map[string]*string{"amount": &report.Amount, "idType": &report.IDType, "idNumber": &report.IDNumber,
		"receiptType": &report.ReceiptType, "mode": &report.Mode, "reference": &report.Reference}
	for key, dst := range texts {
		v, ok := rawText(body[key])
		if !ok {
			fe.Add(key, entity.MsgType)
		}
		switch {
		case hasBadRune(v, false) || !utf8.ValidString(v):
			fe.Add(key, entity.MsgControl)
			v = ""
		case utf8.RuneCountInString(v) > 100:
			fe.Add(key, msgs.CheckKeepUnderNCharacters.With("n", 100))
			v = ""
		}
		*dst = v
	}
	if raw, ok := body["residentOfIndia"]; ok && string(raw) != "null" {
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			fe.Add("residentOfIndia", entity.MsgType)
		} else {
			report.ResidentOfIndia = &b
		}
	}
	if d.PaidOn != "" && fe["paidOn"].IsZero() && d.PaidOn > todayIST(now) {
		fe.Add("paidOn", msgPaidFuture)
	}
	gift, err := india.CheckGift(report)
	var ge india.FieldErrors
	if errors.As(err, &ge) {
		for k, v := range ge {
			fe.Add(k, v)
		}
	} else if err != nil {
		return nil, "", err
	}
	if err := fe.Err(); err != nil {
		return nil, "", err
	}
	d.ResidentOfIndia = true
	d.AmountPaise, d.IDType, d.Mode, d.Reference, d.ReceiptType = int64(gift.Amount), string(gift.IDType), string(gift.Mode), gift.Reference, string(gift.ReceiptType)
	return d, gift.IDNumber, nil
}

// reportDonation answers POST /api/donations: it saves the reported gift
// (linked to the signed-in user), thanks the donor by email and sends the
// admin copy, within the limits of every public form.
func (s *Server) reportDonation(w http.ResponseWriter, r *http.Request) error {
	body, err := readSentForm(r)
	if err != nil {
		return err
	}
	now := s.now()
	standIn(body, "donations", currentUser(r))
	d, idNumber, err := checkDonation(body, now)
	if err != nil {
		return err
	}
	d.UserID, d.Language = formUserID(r), i18n.FromRequest(r)
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		if err := s.takeFormLimits(ctx, tx, r, now); err != nil {
			return err
		}
		if err := store.InsertDonation(ctx, tx, s.secret, d, idNumber, now); err != nil {
			return err
		}
		if err := recordConsent(ctx, tx, body, "donations", d.ID, d.UserID, now); err != nil {
			return err
		}
		if err := s.formAcknowledge(ctx, tx, r, now, d.Email, "donation", d.Ref); err != nil {
			return err
		}
		return s.donationAdminCopy(tx, r, now, d)
	})
	if errors.Is(err, store.ErrDuplicate) {
		return &Error{Status: http.StatusConflict, Msg: msgDonationDup, Fields: map[string]i18n.Msg{"reference": msgDonationDup}, cause: err}
	}
	if err != nil {
		return err
	}
	s.notify()
	writeJSON(w, r, http.StatusCreated, received(map[string]any{"message": msgDonationReported, "donation": toDonationJSON(d)}, d.Ref, d.CreatedAt))
	return nil
}

// donationAdminCopy sends the new report to SPDC_ADMIN_NOTIFY, the ID
// masked as everywhere but on the receipt.
func (s *Server) donationAdminCopy(tx *store.Tx, r *http.Request, now time.Time, d *store.Donation) error {
	if s.cfg.AdminNotify == "" {
		return nil
	}
	var fields []mail.Field
	for _, l := range entity.Donations.FormLines(d.Getter()) {
		fields = append(fields, mail.Field{Label: l.Label, Value: l.Value})
	}
	fields = append(fields,
		mail.Field{Label: "Amount", Value: india.Paise(d.AmountPaise).String()},
		mail.Field{Label: "Mode", Value: d.Mode},
		mail.Field{Label: "Reference", Value: d.Reference},
		mail.Field{Label: "Receipt type", Value: d.ReceiptType})
	return formMail(r.Context(), tx, now, func() (mail.Message, error) { return s.mail.AdminCopy(s.cfg.AdminNotify, "donation", fields) })
}

// myDonations answers GET /api/users/me/donations.
func (s *Server) myDonations(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.DonationsOf(r.Context(), store.OwnerOf(currentUser(r)))
	if err != nil {
		return err
	}
	out := make([]donationJSON, len(list))
	for i, d := range list {
		out[i] = toDonationJSON(d)
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"donations": out})
	return nil
}

// reasonBody reads {reason}: required, one to maxReason characters.
func reasonBody(r *http.Request, prompt i18n.Msg) (string, error) {
	var body struct {
		Reason *string `json:"reason"`
	}
	if err := decodeJSON(r, &body, true); err != nil {
		return "", err
	}
	in := newFormInput()
	reason := ""
	if body.Reason != nil {
		reason = *body.Reason
	}
	reason = in.text("reason", reason, prompt, maxReason, true)
	return reason, in.err()
}

// confirmDonation answers POST /api/admin/donations/{id}/confirm
// {receivedOn, amount}: the gift is confirmed with the date and amount
// the bank shows, and its receipt issued and emailed.
func (s *Server) confirmDonation(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	var body struct {
		ReceivedOn string          `json:"receivedOn"`
		Amount     json.RawMessage `json:"amount"`
	}
	if err := decodeJSON(r, &body, true); err != nil {
		return err
	}
	now := s.now()
	in := newFormInput()
	received, _, ok := in.date("receivedOn", body.ReceivedOn, msgs.DonationEnterDateReached)
	if ok && received > todayIST(now) {
		in.errs.Add("receivedOn", msgPaidFuture)
	}
	if ok && received < "2000-01-01" {
		in.errs.Add("receivedOn", msgs.DonationCheckYear)
	}
	amountText, okText := rawText(body.Amount)
	amount, err := india.ParseAmount(amountText)
	switch {
	case !okText:
		in.errs.Add("amount", entity.MsgType)
	case err != nil:
		in.errs.Add("amount", i18n.FromError(err))
	}
	if err := in.err(); err != nil {
		return err
	}
	approval, err := s.approval80G(r.Context())
	if err != nil {
		return err
	}
	receivedDay, _ := time.ParseInLocation(time.DateOnly, received, india.IST)
	check := func(d *store.Donation) error {
		if err := checkConfirmedAmount(d); err != nil {
			return err
		}
		return check80GOn(d, receivedDay, approval)
	}
	d, err := s.store.ConfirmDonation(r.Context(), s.secret, id, store.Confirmation{ReceivedOn: received, AmountPaise: int64(amount),
		Check: check, After: func(tx *store.Tx, d *store.Donation) error { return s.sendReceipt(r, tx, d) }}, adminActor(r))
	if err != nil {
		return donationStateError(err)
	}
	s.notify()
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgConfirmed, "donation": toDonationJSON(d)})
	return nil
}

// checkConfirmedAmount applies the gift rules that depend on the amount
// to the amount the bank shows, which may differ from the one reported.
func checkConfirmedAmount(d *store.Donation) error {
	amount := india.Paise(d.AmountPaise)
	switch {
	case amount > india.PANThreshold && d.IDType != string(india.IDPAN):
		return FieldErrors{"amount": msgs.DonationPanFirst}.Err()
	case d.ReceiptType == string(india.Receipt80G) && d.Mode == string(india.ModeCash) && amount > india.CashLimit80G:
		return FieldErrors{"amount": msgs.ReceiptCashGiftsAbove2000Cannot}.Err()
	}
	return nil
}

// approval80G reads the trust's 80G approval from the settings; a date
// that is missing or unreadable is left zero (the receipt's own check then
// names it).
func (s *Server) approval80G(ctx context.Context) (india.Approval, error) {
	doc, _, err := s.store.SiteSettings(ctx)
	if err != nil {
		return india.Approval{}, err
	}
	reg, _ := doc["reg80G"].(map[string]any)
	date := func(key string) time.Time {
		v, _ := reg[key].(string)
		t, _ := time.ParseInLocation(time.DateOnly, v, india.IST)
		return t
	}
	return india.Approval{Date: date("date"), ValidUntil: date("validUntil")}, nil
}

// check80GOn refuses, with a 400 naming the reason, an 80G receipt for a
// gift the law does not allow one on the day it was received (the day the
// admin confirms from the bank statement, which the receipt prints and the
// annual statement files the gift under): before the trust's approval,
// after its validity, or cash above the limit.
func check80GOn(d *store.Donation, received time.Time, a india.Approval) error {
	if d.ReceiptType != string(india.Receipt80G) {
		return nil
	}
	if err := india.Allow80G(received, a, india.Mode(d.Mode), india.Paise(d.AmountPaise)); err != nil {
		return FieldErrors{"receivedOn": i18n.FromError(err)}.Err()
	}
	return nil
}

// donationStateError answers a refused state change with 409 and its
// reason.
func donationStateError(err error) error {
	var se *store.StateError
	if errors.As(err, &se) {
		return &Error{Status: http.StatusConflict, Msg: se.Message, cause: err}
	}
	return err
}

// rejectDonation answers POST /api/admin/donations/{id}/reject {reason}.
func (s *Server) rejectDonation(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	reason, err := reasonBody(r, msgs.DonationWhyRejected)
	if err != nil {
		return err
	}
	d, err := s.store.RejectDonation(r.Context(), id, reason, adminActor(r))
	if err != nil {
		return donationStateError(err)
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgRejected, "donation": toDonationJSON(d)})
	return nil
}

// cancelReceipt answers POST /api/admin/receipts/{id}/cancel {reason}.
func (s *Server) cancelReceipt(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	reason, err := reasonBody(r, msgs.DonationWhyCancelled)
	if err != nil {
		return err
	}
	d, err := s.store.CancelReceipt(r.Context(), id, reason, adminActor(r))
	if err != nil {
		return donationStateError(err)
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgCancelled, "donation": toDonationJSON(d)})
	return nil
}

// reissueReceipt answers POST /api/admin/receipts/{id}/reissue: the
// receipt is marked reissued and a copy saying "Duplicate" is emailed.
func (s *Server) reissueReceipt(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	d, err := s.store.ReissueReceipt(r.Context(), id, adminActor(r), func(tx *store.Tx, d *store.Donation) error { return s.sendReceipt(r, tx, d) })
	if err != nil {
		return donationStateError(err)
	}
	s.notify()
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgReissued, "donation": toDonationJSON(d)})
	return nil
}

// updateDonor answers PUT /api/admin/donations/{id}: an admin corrects
// the donor's name, email, phone, address or ID (a missing ID before the
// annual statement). The body is the record as the page holds it, its
// __v the version seen; the ID number comes back masked and counts as
// unchanged unless a new number is typed.
func (s *Server) updateDonor(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	body, err := readForm(r)
	if err != nil {
		return err
	}
	tab := store.AdminTabByName("donations")
	version, _, err := adminParseEdit(tab, body)
	if err != nil {
		return err
	}
	d, err := s.store.UpdateDonor(r.Context(), s.secret, id, version, adminActor(r), func(before *store.Donation) (store.DonorChanges, error) {
		changed, errs := entity.Donations.CheckEdit(adminBody(body), before.Getter(), s.now())
		fe := FieldErrors(errs)
		ch := store.DonorChanges{Values: map[string]string{}}
		for k, v := range changed {
			if s, ok := v.(string); ok && k != "idNumber" {
				ch.Values[k] = s
			}
		}
		idType := before.IDType
		if t, ok := ch.Values["idType"]; ok {
			idType = t
		}
		number, newNumber := changed["idNumber"].(string)
		if !newNumber && idType != before.IDType {
			// The type changes under the stored number: it must fit the new type.
			old, err := before.OpenID(s.secret)
			if err != nil {
				return ch, err
			}
			number, newNumber = old, true
		}
		if newNumber && fe["idNumber"].IsZero() && fe["idType"].IsZero() {
			clean, err := india.ParseID(india.IDType(idType), number)
			switch {
			case idType == "" && number != "":
				fe.Add("idType", msgs.DonationChooseWhichIdNumberPanAadhaar)
			case err != nil:
				fe.Add("idNumber", i18n.FromError(err))
			default:
				ch.IDNumber = &clean
			}
		}
		if idType != before.IDType || newNumber {
			amount := india.Paise(before.AmountPaise)
			switch {
			case amount > india.PANThreshold && idType != string(india.IDPAN):
				fe.Add("idType", msgs.DonationPanRequiredForGiftsAbove49)
			case before.ReceiptType == string(india.Receipt80G) && idType != string(india.IDPAN) && idType != string(india.IDAadhaar):
				fe.Add("idType", msgs.Donation80gReceiptNeedsPanOrAadhaar)
			}
		}
		return ch, fe.Err()
	})
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, toDonationJSON(d))
	return nil
}

// verifyJSON is what a receipt's QR code shows whoever holds it: enough to
// tell a real receipt, nothing more.
type verifyJSON struct {
	Number     string `json:"number"`
	IssuedOn   string `json:"issuedOn"`
	AmountText string `json:"amountText"`
	Donor      string `json:"donor"`
	Status     string `json:"status"`
	Duplicate  bool   `json:"duplicate"`
}

// maskName shows each word of a name by its first letter: "R*** S***".
func maskName(name string) string {
	words := strings.Fields(name)
	for i, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		words[i] = string(r) + "***"
	}
	return strings.Join(words, " ")
}

// verifyReceipt answers GET /api/receipts/verify/{code} (public).
func (s *Server) verifyReceipt(w http.ResponseWriter, r *http.Request) error {
	code := r.PathValue("code")
	if len(code) < 20 || len(code) > 40 || strings.Trim(code, "abcdefghijklmnopqrstuvwxyz234567") != "" {
		return errorf(http.StatusNotFound, msgs.DonationNoReceiptHasCode)
	}
	d, err := s.store.DonationByVerifyCode(r.Context(), code)
	if errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, msgs.DonationNoReceiptHasCode)
	}
	if err != nil {
		return err
	}
	// The receipt as it was issued, whatever was corrected since.
	snap, err := d.Receipt.OpenSnapshot(s.secret)
	if err != nil {
		return err
	}
	status := "valid"
	if d.Receipt.Status == store.ReceiptCancelled {
		status = "cancelled"
	}
	writeJSON(w, r, http.StatusOK, verifyJSON{Number: d.Receipt.Number, IssuedOn: d.Receipt.IssuedOn,
		AmountText: india.Paise(snap.AmountPaise).String(), Donor: maskName(snap.DonorName), Status: status, Duplicate: d.Receipt.Duplicate})
	return nil
}

// donationRules keep a gift that has a receipt: its receipt is cancelled,
// never deleted with it.
var donationRules = adminRules{
	delete: func(before *store.Record) error {
		if before.Get("receipt") != nil {
			return store.ErrReceiptKept
		}
		return nil
	},
}
