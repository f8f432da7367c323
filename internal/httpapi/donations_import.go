package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"spdc/internal/bankimport"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
)

// maxImportBytes bounds an uploaded bank statement: a year of a busy
// account exported as CSV is well under it.
const maxImportBytes = 8 << 20

// Paths of the bank statement import, which take a file.
const (
	importHeadersPath = "/api/admin/donations/import/headers"
	importPath        = "/api/admin/donations/import"
)

// isBankImport reports a bank statement upload, whose body may be larger
// than a JSON request's.
func isBankImport(r *http.Request) bool {
	return r.Method == http.MethodPost && (r.URL.Path == importPath || r.URL.Path == importHeadersPath)
}

// importFile reads the multipart form's "file" part (and its other
// fields, for the mapping).
func importFile(r *http.Request) ([]byte, *multipart.Form, error) {
	if err := r.ParseMultipartForm(maxImportBytes); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, nil, errorf(http.StatusRequestEntityTooLarge, msgs.DonationStatementFileMayAtMost8)
		}
		return nil, nil, FieldErrors{"file": msgs.BankUploadCSV}.Err()
	}
	fhs := r.MultipartForm.File["file"]
	if len(fhs) != 1 {
		return nil, nil, FieldErrors{"file": msgs.BankUploadCSV}.Err()
	}
	f, err := fhs[0].Open()
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxImportBytes+1))
	if err != nil {
		return nil, nil, err
	}
	if len(b) > maxImportBytes {
		return nil, nil, errorf(http.StatusRequestEntityTooLarge, msgs.DonationStatementFileMayAtMost8)
	}
	return b, r.MultipartForm, nil
}

// importError answers a file the bank import refuses as a whole, or a
// mapping that does not fit it, under the field it concerns.
func importError(err error) error {
	var fileErr *bankimport.FileError
	var fe india.FieldErrors
	switch {
	case errors.As(err, &fileErr):
		return FieldErrors{"file": fileErr.Message}.Err()
	case errors.As(err, &fe):
		out := FieldErrors{}
		for k, v := range fe {
			out.Add("mapping."+k, v)
		}
		return out.Err()
	}
	return err
}

// importHeaders answers POST /api/admin/donations/import/headers: the
// statement's column headers and the mapping to start from (the one
// remembered from the last import, else a guess from the headers).
func (s *Server) importHeaders(w http.ResponseWriter, r *http.Request) error {
	file, _, err := importFile(r)
	if err != nil {
		return err
	}
	headers, err := bankimport.Headers(bytes.NewReader(file))
	if err != nil {
		return importError(err)
	}
	mapping := bankimport.Guess(headers)
	saved, err := s.store.BankMapping(r.Context())
	if err != nil {
		return err
	}
	if saved != "" {
		var m bankimport.Mapping
		if json.Unmarshal([]byte(saved), &m) == nil && fitsHeaders(m, headers) {
			mapping = m
		}
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"headers": headers, "mapping": mapping})
	return nil
}

// fitsHeaders reports whether every column a mapping names is among a
// file's headers, so a mapping remembered for another bank is not offered.
func fitsHeaders(m bankimport.Mapping, headers []string) bool {
	have := map[string]bool{}
	for _, h := range headers {
		have[strings.ToLower(strings.TrimSpace(h))] = true
	}
	for _, c := range []string{m.Date, m.Amount, m.DrCr, m.Credit, m.Debit, m.Reference, m.Description} {
		if c != "" && !have[strings.ToLower(strings.TrimSpace(c))] {
			return false
		}
	}
	return m.Date != ""
}

// importRowJSON is one credit of the statement.
type importRowJSON struct {
	Line        int    `json:"line"`
	Date        string `json:"date"`
	Amount      string `json:"amount"`
	AmountText  string `json:"amountText"`
	Reference   string `json:"reference"`
	Description string `json:"description"`
}

// importMatchJSON is a credit proposed as the payment of a reported gift.
type importMatchJSON struct {
	importRowJSON
	Donation donationJSON `json:"donation"`
	Reasons  []string     `json:"reasons"`
}

func toImportRow(row bankimport.Row) importRowJSON {
	return importRowJSON{Line: row.Line, Date: row.Date.In(india.IST).Format(time.DateOnly),
		Amount: india.Paise(row.AmountPaise).Decimal(), AmountText: india.Paise(row.AmountPaise).String(),
		Reference: row.Reference, Description: row.Description}
}

// importStatement answers POST /api/admin/donations/import (file and
// mapping): the statement's credits, the lines that could not be read,
// and for each credit that pays a reported gift the proposed match with
// its reasons; nothing is confirmed here (an admin accepts a match with
// the confirm call). The mapping is remembered for the next import.
func (s *Server) importStatement(w http.ResponseWriter, r *http.Request) error {
	file, form, err := importFile(r)
	if err != nil {
		return err
	}
	var mapping bankimport.Mapping
	raw := form.Value["mapping"]
	if len(raw) != 1 || json.Unmarshal([]byte(raw[0]), &mapping) != nil {
		return FieldErrors{"mapping": msgs.BankMappingJSON}.Err()
	}
	rows, problems, err := bankimport.Parse(bytes.NewReader(file), mapping)
	if err != nil {
		return importError(err)
	}
	saved, _ := json.Marshal(mapping)
	if err := s.store.SaveBankMapping(r.Context(), string(saved)); err != nil {
		return err
	}
	open, err := s.store.DonationsToMatch(r.Context())
	if err != nil {
		return err
	}
	cands := make([]bankimport.Candidate, len(open))
	byID := map[string]int{}
	for i, d := range open {
		paid, _ := time.ParseInLocation(time.DateOnly, d.PaidOn, india.IST)
		cands[i] = bankimport.Candidate{ID: d.ID, AmountPaise: d.AmountPaise, PaidOn: paid, Mode: d.Mode, Reference: d.Reference}
		byID[d.ID] = i
	}
	matches := []importMatchJSON{}
	matched := map[int]bool{}
	for _, m := range bankimport.Propose(rows, cands) {
		i, ok := byID[m.CandidateID]
		if !ok {
			continue
		}
		matched[m.Row.Line] = true
		matches = append(matches, importMatchJSON{importRowJSON: toImportRow(m.Row), Donation: toDonationJSON(open[i]), Reasons: m.Reasons})
	}
	unmatched := []importRowJSON{}
	for _, row := range rows {
		if !matched[row.Line] {
			unmatched = append(unmatched, toImportRow(row))
		}
	}
	// Each line's problem in the admin's language.
	lang := i18n.FromRequest(r)
	for i := range problems {
		problems[i].Message = problems[i].Say().In(lang)
	}
	if problems == nil {
		problems = []bankimport.Problem{}
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"rows": len(rows), "problems": problems, "matches": matches, "unmatched": unmatched})
	return nil
}
