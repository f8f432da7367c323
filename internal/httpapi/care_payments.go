package httpapi

import (
	"errors"
	"net/http"
	"slices"

	"spdc/internal/care"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
	"spdc/internal/roles"
	"spdc/internal/store"
)

// Help given to elders: recording a payment from a care record, the
// second approval above the threshold, cancelling, and the funds'
// balances.

// recordPayment answers POST /api/admin/care/{id}/payments: help given
// to the elder of the record, 201 with the payment (approved, or awaiting
// a second approval above the threshold). Money that would overdraw its
// fund is refused unless an admin gives overdrawReason; anyone else
// giving one is refused with 403.
func (s *Server) recordPayment(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	var p care.Payment
	if err := decodeJSON(r, &p, true); err != nil {
		return err
	}
	if errs := care.Check(&p, todayIST(s.now())); len(errs) > 0 {
		return FieldErrors(errs).Err()
	}
	admin := slices.Contains(requestRoles(r), roles.Admin)
	if p.OverdrawReason != "" && !admin {
		return errorf(http.StatusForbidden, msgs.PaymentOverdrawAdminOnly)
	}
	return answerAdded(w, r, nil, func(actor store.Actor) (*store.Payment, error) {
		pay, err := s.store.RecordPayment(r.Context(), id, p, actor)
		var over *store.OverdrawError
		if errors.As(err, &over) {
			return nil, &Error{Status: http.StatusBadRequest, Msg: msgs.PaymentOverdraw, Fields: map[string]i18n.Msg{"overdrawReason": msgs.PaymentOverdraw}, cause: err}
		}
		return pay, err
	})
}

// approvePayment answers POST /api/admin/payments/{id}/approve: a second
// person approves a payment waiting for it.
func (s *Server) approvePayment(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	pay, err := s.store.ApprovePayment(r.Context(), id, adminActor(r))
	var over *store.OverdrawError
	switch {
	case errors.Is(err, store.ErrOwnApproval):
		return &Error{Status: http.StatusForbidden, Msg: msgs.PaymentOwnApproval, cause: err}
	case errors.As(err, &over):
		return &Error{Status: http.StatusConflict, Msg: msgs.PaymentOverdrawApprove, cause: err}
	case err != nil:
		return donationStateError(err)
	}
	writeJSON(w, r, http.StatusOK, pay)
	return nil
}

// cancelPayment answers POST /api/admin/payments/{id}/cancel {reason}: the
// payment stays in the books, cancelled, out of its fund's sums.
func (s *Server) cancelPayment(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	reason, err := reasonBody(r, msgs.PaymentSayWhyCancelled)
	if err != nil {
		return err
	}
	pay, err := s.store.CancelPayment(r.Context(), id, reason, adminActor(r))
	if err != nil {
		return donationStateError(err)
	}
	writeJSON(w, r, http.StatusOK, pay)
	return nil
}

// funds answers GET /api/admin/funds: each donation purpose's gifts
// received, help paid and awaiting, and balance. Sums only.
func (s *Server) funds(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.Funds(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"funds": list})
	return nil
}

// reportFY reads ?fy=2026-27; without it the report is of the current
// financial year.
func (s *Server) reportFY(r *http.Request) (india.FY, error) {
	if r.URL.Query().Get("fy") == "" {
		return india.FYOf(s.now(), india.IST), nil
	}
	return statementFY(r)
}
