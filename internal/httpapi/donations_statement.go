package httpapi

import (
	"errors"
	"net/http"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/india"
	"spdc/internal/store"
)

// unfileableJSON is a gift that cannot go on the statement as it is, with
// what to fix.
type unfileableJSON struct {
	DonationID string `json:"donationId"`
	DonorName  string `json:"donorName"`
	Problem    string `json:"problem"`
}

// statementFY reads ?fy=2025-26.
func statementFY(r *http.Request) (india.FY, error) {
	fy, err := india.ParseFY(r.URL.Query().Get("fy"))
	if err != nil {
		return 0, FieldErrors{"fy": i18n.FromError(err)}.Err()
	}
	return fy, nil
}

// statement builds the annual statement of donations of a year from its
// confirmed gifts whose receipt stands, with the trust's registration
// number from the settings. Every gift is one kind for the statement
// ("Others": neither corpus nor a specific grant) and its mode of receipt
// follows how it was paid.
func (s *Server) statement(r *http.Request, fy india.FY) (india.Statement, error) {
	ctx := r.Context()
	settings, _, err := s.store.SiteSettings(ctx)
	if err != nil {
		return india.Statement{}, err
	}
	urn, _ := settings["urn"].(map[string]any)
	opts := india.StatementOptions{}
	opts.URN, _ = urn["number"].(string)
	if d, _ := urn["date"].(string); d != "" {
		opts.URNDate, _ = time.ParseInLocation(time.DateOnly, d, india.IST)
	}
	gifts, err := s.store.DonationsReceivedIn(ctx, fy)
	if err != nil {
		return india.Statement{}, err
	}
	rows := make([]india.StatementDonation, 0, len(gifts))
	for _, d := range gifts {
		id, err := d.OpenID(s.secret)
		if err != nil {
			return india.Statement{}, err
		}
		rows = append(rows, india.StatementDonation{Ref: d.ID, IDType: india.IDType(d.IDType), IDNumber: id, Name: d.DonorName,
			Address: d.Address, DonationType: india.DonationOthers, Mode: india.StatementModeOf(india.Mode(d.Mode)),
			Amount: india.Paise(d.AmountPaise), FY: fy})
	}
	st, err := india.BuildStatement(fy, opts, rows)
	var p *india.Problem
	if errors.As(err, &p) {
		return st, &Error{Status: http.StatusConflict, Msg: p.Message, cause: err}
	}
	return st, err
}

// loggedStatement reads ?fy=, logs the admin's export of that year's
// statement, and builds it (see statement).
func (s *Server) loggedStatement(r *http.Request) (india.FY, india.Statement, error) {
	fy, err := statementFY(r)
	if err != nil {
		return 0, india.Statement{}, err
	}
	if err := s.logLook(r, store.AccessExport, "donations", "statement "+fy.String()); err != nil {
		return 0, india.Statement{}, err
	}
	st, err := s.statement(r, fy)
	return fy, st, err
}

// donationStatement answers GET /api/admin/donations/statement?fy=: which
// form the year files, whether the year is still running (the statement
// is then provisional), how many rows it has and which gifts cannot be
// filed until their donor's details are completed.
func (s *Server) donationStatement(w http.ResponseWriter, r *http.Request) error {
	fy, st, err := s.loggedStatement(r)
	if err != nil {
		return err
	}
	un := make([]unfileableJSON, len(st.Unfileable))
	for i, u := range st.Unfileable {
		un[i] = unfileableJSON{DonationID: u.Ref, DonorName: u.Name, Problem: u.Reason}
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"fy": fy.String(), "form": string(st.Form),
		"provisional": !fy.Ended(s.now(), india.IST), "rows": len(st.Rows), "unfileable": un})
	return nil
}

// donationStatementCSV answers GET /api/admin/donations/statement.csv?fy=:
// the statement's rows in the form's column layout, ready to upload.
func (s *Server) donationStatementCSV(w http.ResponseWriter, r *http.Request) error {
	fy, st, err := s.loggedStatement(r)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="form-`+string(st.Form)+`-`+fy.String()+`.csv"`)
	return st.WriteCSV(w)
}
