package httpapi

import (
	"bufio"
	"net/http"
	"strconv"

	"spdc/internal/care"
	"spdc/internal/csvout"
	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
)

// The care register's reports: a financial year's counts and sums as
// JSON, CSV and a printable PDF for the staff who read reports, the
// publishing of a year, and the public accounts of the published years.
// Nothing here carries a name or an id of a person.

// careReport reads the report of the year ?fy= names (the current one
// without it).
func (s *Server) careReport(r *http.Request) (care.Report, error) {
	fy, err := s.reportFY(r)
	if err != nil {
		return care.Report{}, err
	}
	return s.store.CareReport(r.Context(), fy, todayIST(s.now()))
}

// reports answers GET /api/admin/reports?fy=2026-27.
func (s *Server) reports(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.careReport(r)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, rep)
	return nil
}

// reportsCSV answers GET /api/admin/reports.csv?fy=: the same figures as
// a spreadsheet, headings and services in the reader's language, amounts
// in rupees with paise.
func (s *Server) reportsCSV(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.careReport(r)
	if err != nil {
		return err
	}
	lang := i18n.FromRequest(r)
	t := func(m i18n.Msg) string { return m.In(lang) }
	fund := func(purpose string) string { return entity.OptionMsg(purpose).In(lang) }
	money := func(p int64) string { return india.Paise(p).Decimal() }
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="care-report-`+rep.FY+`.csv"`)
	bw := bufio.NewWriter(w)
	cw := csvout.NewWriter(bw)
	rows := [][]string{
		{t(msgs.ReportFinancialYear), rep.FY},
		{t(msgs.ReportFrom), rep.From},
		{t(msgs.ReportTo), rep.To},
		{t(msgs.ReportEldersServed), strconv.Itoa(rep.Elders.Served)},
		{t(msgs.ReportNewElders), strconv.Itoa(rep.Elders.New)},
		overdueRow(rep, t),
		{},
		{t(msgs.LabelService), t(msgs.ReportNeedsOpen), t(msgs.ReportNeedsMet)},
	}
	for _, n := range rep.Needs {
		rows = append(rows, []string{t(care.ServiceWords(n.Service)), strconv.Itoa(n.Open), strconv.Itoa(n.Met)})
	}
	rows = append(rows, []string{}, []string{t(msgs.LabelFund), t(msgs.ReportGiftsReceived), t(msgs.ReportHelpPaid)})
	for _, p := range rep.Purposes {
		rows = append(rows, []string{fund(p.Purpose), money(p.ReceivedPaise), money(p.PaidPaise)})
	}
	rows = append(rows, []string{}, []string{t(msgs.ReportMonth), t(msgs.LabelFund), t(msgs.ReportMoneyPaid), t(msgs.ReportHelpInKind), t(msgs.LabelPayments)})
	for _, h := range rep.HelpByMonth {
		rows = append(rows, []string{h.Month, fund(h.Purpose), money(h.PaidPaise), money(h.InKindPaise), strconv.Itoa(h.Count)})
	}
	for _, row := range rows {
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// reportsPDF answers GET /api/admin/reports.pdf?fy=: the printable annual
// report.
func (s *Server) reportsPDF(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.careReport(r)
	if err != nil {
		return err
	}
	settings, _, err := s.store.SiteSettings(r.Context())
	if err != nil {
		return err
	}
	org, _ := settings["orgName"].(string)
	if org == "" {
		org = "SPDC"
	}
	b, err := care.ReportPDF(rep, org, s.now())
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="care-report-`+rep.FY+`.pdf"`)
	_, err = w.Write(b)
	return err
}

// publishYear answers POST /api/admin/reports/{fy}/publish: the year's
// public figures are frozen as they are now and shown on the public
// accounts page. Only a year that has ended, or the current one, can be
// published; a year is published once.
func (s *Server) publishYear(w http.ResponseWriter, r *http.Request) error {
	fy, err := india.ParseFY(r.PathValue("fy"))
	if err != nil {
		return FieldErrors{"fy": i18n.FromError(err)}.Err()
	}
	if fy > india.FYOf(s.now(), india.IST) {
		return FieldErrors{"fy": msgs.ReportYearNotBegun}.Err()
	}
	acc, err := s.store.PublishYear(r.Context(), fy, todayIST(s.now()), adminActor(r))
	if err != nil {
		return donationStateError(err)
	}
	writeJSON(w, r, http.StatusOK, acc)
	return nil
}

// accountsYears answers GET /api/accounts: the published years, newest
// first. Open to everyone.
func (s *Server) accountsYears(w http.ResponseWriter, r *http.Request) error {
	years, err := s.store.PublishedYears(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"years": years})
	return nil
}

// accountsYear answers GET /api/accounts/{fy}: a published year's frozen
// figures, numbers only; 404 for a year not published.
func (s *Server) accountsYear(w http.ResponseWriter, r *http.Request) error {
	fy, err := india.ParseFY(r.PathValue("fy"))
	if err != nil {
		return FieldErrors{"fy": i18n.FromError(err)}.Err()
	}
	acc, err := s.store.PublishedYear(r.Context(), fy)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, acc)
	return nil
}

// overdueRow is the report's line of contacts overdue: the count and the
// day it was counted on, or, for a year that is not the current one, no
// count and why (see care.Report.OverdueAsOf).
func overdueRow(rep care.Report, t func(i18n.Msg) string) []string {
	if rep.OverdueAsOf == "" {
		return []string{t(msgs.ReportContactsOverdue), "", t(msgs.ReportOverdueCurrentYearOnly)}
	}
	return []string{t(msgs.ReportContactsOverdue), strconv.Itoa(rep.ContactsOverdue), t(msgs.ReportOverdueAsOf.With("day", rep.OverdueAsOf))}
}
