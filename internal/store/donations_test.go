package store_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"spdc/internal/india"
	"spdc/internal/secret"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

var donationAdmin = store.Actor{ID: "admin1", Email: "admin@example.org"}

func testKey(t testing.TB) *secret.Key {
	t.Helper()
	k, _, err := secret.Generate()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// setReceiptSettings gives the trust what a receipt needs: a prefix, its
// PAN and its 80G registration.
func setReceiptSettings(t testing.TB, s *store.Store) {
	t.Helper()
	ctx := context.Background()
	doc, v, err := s.SiteSettings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	doc["orgName"] = "SPDC Trust"
	doc["trustLegalName"] = "Sri Prabhupada Disciples Care Trust"
	doc["receiptPrefix"] = "RCP"
	doc["trustPan"] = "AAATS1234C"
	doc["addressLines"] = []string{"1 Temple Road", "Vrindavan 281121"}
	doc["reg80G"] = map[string]any{"number": "AAATS1234CF20211", "date": "2021-05-28", "validUntil": "2026-03-31"}
	doc["signatory"] = map[string]any{"name": "Ramesh Kumar", "title": "Trustee"}
	if _, err := s.PutSiteSettings(ctx, doc, v, donationAdmin); err != nil {
		t.Fatal(err)
	}
}

// newGift is a reported UPI gift with a PAN; n makes its reference unique.
func newGift(n int) *store.Donation {
	return &store.Donation{DonorName: "Radha Devi", Email: "radha@example.org", Address: "2 Lake View, Kolkata",
		ResidentOfIndia: true, IDType: "PAN", AmountPaise: 500050, PaidOn: "2026-05-01", Mode: "UPI",
		Reference: fmt.Sprintf("%012d", 400000000000+n), Purpose: "General", ReceiptType: "80G", Consent: true}
}

func insertGift(t testing.TB, s *store.Store, key *secret.Key, d *store.Donation, id string) {
	t.Helper()
	if err := store.InsertDonation(context.Background(), s.Writer(), key, d, id, s.Now()); err != nil {
		t.Fatal(err)
	}
}

func TestDonationInsertAndDuplicate(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		key := testKey(t)
		d := newGift(1)
		insertGift(t, s, key, d, "ABCPE1234F")
		got, err := s.DonationByID(ctx, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != "reported" || got.AmountPaise != 500050 || got.IDMasked != "XXXXXX234F" || got.Receipt != nil {
			t.Fatalf("stored %+v", got)
		}
		if id, err := got.OpenID(key); err != nil || id != "ABCPE1234F" {
			t.Fatalf("OpenID = %q, %v", id, err)
		}
		// The same mode and reference again is a duplicate of "reference".
		dup := newGift(1)
		err = store.InsertDonation(ctx, s.Writer(), key, dup, "ABCPE1234F", s.Now())
		var de *store.DuplicateError
		if !errors.As(err, &de) || de.Field != "reference" || !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate: %v", err)
		}
		// Another mode with the same digits is another transfer.
		other := newGift(1)
		other.Mode = "IMPS"
		insertGift(t, s, key, other, "")
		// Cash has no reference: many cash gifts are fine.
		for range 2 {
			c := newGift(0)
			c.Mode, c.Reference, c.ReceiptType, c.AmountPaise = "CASH", "", "General", 100000
			insertGift(t, s, key, c, "")
		}
		// A rejected report frees its reference.
		if _, err := s.RejectDonation(ctx, d.ID, "No such transfer in the bank statement.", donationAdmin); err != nil {
			t.Fatal(err)
		}
		insertGift(t, s, key, newGift(1), "ABCPE1234F")
	})
}

func TestDonationConfirmIssuesReceipt(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		key := testKey(t)
		d := newGift(2)
		insertGift(t, s, key, d, "ABCPE1234F")
		conf := store.Confirmation{ReceivedOn: "2026-05-02", AmountPaise: 500000}
		// Without a prefix in the settings, nothing is issued.
		if _, err := s.ConfirmDonation(ctx, key, d.ID, conf, donationAdmin); !errors.Is(err, store.ErrReceiptPrefix) {
			t.Fatalf("without prefix: %v", err)
		}
		if cur, _ := s.DonationByID(ctx, d.ID); cur.Status != "reported" {
			t.Fatalf("a refused confirm changed the gift: %s", cur.Status)
		}
		setReceiptSettings(t, s)
		got, err := s.ConfirmDonation(ctx, key, d.ID, conf, donationAdmin)
		if err != nil {
			t.Fatal(err)
		}
		r := got.Receipt
		if got.Status != "confirmed" || got.AmountPaise != 500000 || got.ReportedPaise != 500050 || r == nil ||
			r.Number != "RCP/2026-27/000001" || r.Status != "issued" || len(r.VerifyCode) < 20 {
			t.Fatalf("confirmed %+v receipt %+v", got, r)
		}
		snap, err := r.OpenSnapshot(key)
		if err != nil {
			t.Fatal(err)
		}
		if snap.DonorID != "ABCPE1234F" || snap.TrustPAN != "AAATS1234C" || snap.Reg80GNumber != "AAATS1234CF20211" ||
			snap.FinancialYear != "2026-27" || snap.AmountPaise != 500000 || snap.SignatoryName != "Ramesh Kumar" ||
			len(snap.TrustAddress) != 2 || snap.TrustName != "Sri Prabhupada Disciples Care Trust" {
			t.Fatalf("snapshot %+v", snap)
		}
		// A second confirm is refused and takes no number.
		if _, err := s.ConfirmDonation(ctx, key, d.ID, conf, donationAdmin); !errors.Is(err, store.ErrDonationConfirmed) || !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second confirm: %v", err)
		}
		d2 := newGift(3)
		insertGift(t, s, key, d2, "ABCPE1234F")
		got2, err := s.ConfirmDonation(ctx, key, d2.ID, conf, donationAdmin)
		if err != nil || got2.Receipt.Number != "RCP/2026-27/000002" {
			t.Fatalf("next number: %+v %v", got2, err)
		}
		// A gift received in March belongs to the year before.
		d3 := newGift(4)
		insertGift(t, s, key, d3, "ABCPE1234F")
		got3, err := s.ConfirmDonation(ctx, key, d3.ID, store.Confirmation{ReceivedOn: "2026-03-31", AmountPaise: 100}, donationAdmin)
		if err != nil || got3.Receipt.Number != "RCP/2025-26/000001" {
			t.Fatalf("previous year: %+v %v", got3, err)
		}
		// A check that refuses rolls back the number too.
		d4 := newGift(5)
		insertGift(t, s, key, d4, "ABCPE1234F")
		refuse := errors.New("refused")
		if _, err := s.ConfirmDonation(ctx, key, d4.ID, store.Confirmation{ReceivedOn: "2026-05-02", AmountPaise: 100,
			After: func(*store.Tx, *store.Donation) error { return refuse }}, donationAdmin); !errors.Is(err, refuse) {
			t.Fatalf("refused: %v", err)
		}
		got4, err := s.ConfirmDonation(ctx, key, d4.ID, conf, donationAdmin)
		if err != nil || got4.Receipt.Number != "RCP/2026-27/000003" {
			t.Fatalf("after a rollback: %+v %v", got4, err)
		}
		// Verify code and receipt id find it.
		if v, err := s.DonationByVerifyCode(ctx, r.VerifyCode); err != nil || v.ID != d.ID {
			t.Fatalf("by verify code: %v", err)
		}
		if _, err := s.DonationByVerifyCode(ctx, "nosuchcode"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown code: %v", err)
		}
		// The year's statement gifts: the three of 2026-27.
		list, err := s.DonationsReceivedIn(ctx, 2026)
		if err != nil || len(list) != 3 {
			t.Fatalf("statement gifts: %d %v", len(list), err)
		}
	})
}

func TestDonationRejectCancelReissueDelete(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		key := testKey(t)
		setReceiptSettings(t, s)
		d := newGift(6)
		insertGift(t, s, key, d, "ABCPE1234F")
		rejected := newGift(7)
		insertGift(t, s, key, rejected, "")
		if _, err := s.RejectDonation(ctx, rejected.ID, "Not in the statement", donationAdmin); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RejectDonation(ctx, rejected.ID, "again", donationAdmin); !errors.Is(err, store.ErrDonationNotReported) {
			t.Fatalf("reject twice: %v", err)
		}
		if _, err := s.ConfirmDonation(ctx, key, rejected.ID, store.Confirmation{ReceivedOn: "2026-05-02", AmountPaise: 1}, donationAdmin); !errors.Is(err, store.ErrDonationRejected) {
			t.Fatalf("confirm rejected: %v", err)
		}
		got, err := s.ConfirmDonation(ctx, key, d.ID, store.Confirmation{ReceivedOn: "2026-05-02", AmountPaise: 500050}, donationAdmin)
		if err != nil {
			t.Fatal(err)
		}
		rid := got.Receipt.ID
		reissued := 0
		got, err = s.ReissueReceipt(ctx, rid, donationAdmin, func(*store.Tx, *store.Donation) error { reissued++; return nil })
		if err != nil || !got.Receipt.Duplicate || reissued != 1 {
			t.Fatalf("reissue: %+v %v", got, err)
		}
		got, err = s.CancelReceipt(ctx, rid, "Cheque bounced", donationAdmin)
		if err != nil || got.Receipt.Status != "cancelled" || got.Receipt.CancelReason != "Cheque bounced" || got.Receipt.Number != "RCP/2026-27/000001" {
			t.Fatalf("cancel: %+v %v", got, err)
		}
		if _, err := s.CancelReceipt(ctx, rid, "again", donationAdmin); !errors.Is(err, store.ErrReceiptCancelled) {
			t.Fatalf("cancel twice: %v", err)
		}
		if _, err := s.ReissueReceipt(ctx, rid, donationAdmin, nil); !errors.Is(err, store.ErrReceiptCancelled) {
			t.Fatalf("reissue cancelled: %v", err)
		}
		if list, _ := s.DonationsReceivedIn(ctx, 2026); len(list) != 0 {
			t.Fatalf("a cancelled receipt stays on the statement: %d", len(list))
		}
		// The admin list shows the receipt nested, null without one.
		tab := store.AdminTabByName("donations")
		var recs []*store.Record
		if err := s.AdminList(ctx, tab, store.AdminQuery{Sort: "amount"}, func(r *store.Record) error { recs = append(recs, r); return nil }); err != nil {
			t.Fatal(err)
		}
		if len(recs) != 2 {
			t.Fatalf("listed %d", len(recs))
		}
		for _, r := range recs {
			switch r.ID() {
			case d.ID:
				if r.Get("receipt.number") != "RCP/2026-27/000001" || r.Get("amountText") != "₹5,000.50" || r.Get("amount") != "5000.50" || r.Get("idNumber") != "XXXXXX234F" {
					t.Errorf("confirmed row %s", mustJSON(t, r))
				}
			case rejected.ID:
				if r.Get("receipt") != nil || r.Get("status") != "rejected" {
					t.Errorf("rejected row %s", mustJSON(t, r))
				}
			}
		}
		// Search finds the receipt number and the ID's last four.
		for _, term := range []string{"rcp/2026-27/000001", "234f", "radha"} {
			n, err := s.AdminCount(ctx, tab, store.AdminQuery{Search: term})
			if err != nil || n == 0 {
				t.Errorf("search %q: %d %v", term, n, err)
			}
		}
		// The audit log has each action.
		var actions []string
		_ = s.AdminList(ctx, store.AdminTabByName("audit"), store.AdminQuery{}, func(r *store.Record) error {
			if r.Get("entity") == "donations" {
				actions = append(actions, r.Get("action").(string))
			}
			return nil
		})
		sort.Strings(actions)
		if strings.Join(actions, ",") != "cancel receipt,confirm,reissue receipt,reject" {
			t.Errorf("audit actions %v", actions)
		}
	})
}

func mustJSON(t *testing.T, r *store.Record) string {
	b, err := r.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDonorUpdateSealsID(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		key := testKey(t)
		d := newGift(8)
		d.IDType = ""
		insertGift(t, s, key, d, "")
		id := "234567890124"
		got, err := s.UpdateDonor(ctx, key, d.ID, 0, donationAdmin, func(*store.Donation) (store.DonorChanges, error) {
			return store.DonorChanges{Values: map[string]string{"idType": "AADHAAR", "donorName": "Radha Devi Dasi"}, IDNumber: &id}, nil
		})
		if err != nil || got.IDMasked != "XXXXXXXX0124" || got.IDType != "AADHAAR" || got.Version != 1 {
			t.Fatalf("update: %+v %v", got, err)
		}
		if n, _ := got.OpenID(key); n != id {
			t.Fatalf("sealed id %q", n)
		}
		if _, err := s.UpdateDonor(ctx, key, d.ID, 0, donationAdmin, func(*store.Donation) (store.DonorChanges, error) {
			return store.DonorChanges{Values: map[string]string{"phone": "+919876543210"}}, nil
		}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale version: %v", err)
		}
		n, _ := s.AdminCount(ctx, store.AdminTabByName("donations"), store.AdminQuery{Search: "dasi"})
		if n != 1 {
			t.Errorf("search after edit: %d", n)
		}
	})
}

// TestDonationIDsEncryptedAtRest reads every table's text in the database
// files and finds neither the PAN nor the Aadhaar number.
func TestDonationIDsEncryptedAtRest(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "spdc.db")
	s := storetest.OpenURL(t, "sqlite://"+path)
	key := testKey(t)
	setReceiptSettings(t, s)
	ctx := context.Background()
	d := newGift(9)
	insertGift(t, s, key, d, "QWERT9876Z")
	a := newGift(10)
	a.IDType = "AADHAAR"
	insertGift(t, s, key, a, "234567890124")
	if _, err := s.ConfirmDonation(ctx, key, d.ID, store.Confirmation{ReceivedOn: "2026-05-02", AmountPaise: 100}, donationAdmin); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"spdc.db", "spdc.db-wal"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, secretID := range []string{"QWERT9876Z", "qwert9876z", "234567890124", "2345 6789 0124"} {
			if strings.Contains(string(b), secretID) {
				t.Errorf("%s holds %q in clear", name, secretID)
			}
		}
	}
	if base := os.Getenv("TEST_DATABASE_URL"); base != "" {
		u := storetest.NewPostgresSchema(t, base)
		pg := storetest.OpenURL(t, u)
		setReceiptSettings(t, pg)
		p := newGift(11)
		insertGift(t, pg, key, p, "QWERT9876Z")
		if _, err := pg.ConfirmDonation(ctx, key, p.ID, store.Confirmation{ReceivedOn: "2026-05-02", AmountPaise: 100}, donationAdmin); err != nil {
			t.Fatal(err)
		}
		// Every text column of every table in the schema, as text.
		pu, _ := url.Parse(u)
		schema := pu.Query().Get("search_path")
		rows, err := pg.Reader().QueryContext(ctx, `SELECT table_name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'`, schema)
		if err != nil {
			t.Fatal(err)
		}
		var tables []string
		for rows.Next() {
			var n string
			_ = rows.Scan(&n)
			tables = append(tables, n)
		}
		rows.Close()
		for _, tbl := range tables {
			var n int
			q := `SELECT COUNT(*) FROM ` + tbl + ` x WHERE upper(x::text) LIKE '%QWERT9876Z%'`
			if err := pg.Reader().QueryRowContext(ctx, q).Scan(&n); err != nil {
				t.Fatalf("%s: %v", tbl, err)
			}
			if n > 0 {
				t.Errorf("postgres table %s holds the PAN in clear", tbl)
			}
		}
	}
}

// TestReceiptNumbersTwoInstances confirms 60 gifts at once from two store
// instances on one database and expects the numbers 1 to 60, each once.
func TestReceiptNumbersTwoInstances(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			a := storetest.OpenURL(t, b.URL)
			c := storetest.OpenURL(t, b.URL)
			key := testKey(t)
			setReceiptSettings(t, a)
			const n = 60
			ids := make([]string, n)
			for i := range ids {
				d := newGift(100 + i)
				insertGift(t, a, key, d, "ABCPE1234F")
				ids[i] = d.ID
			}
			numbers := make([]string, n)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i, id := range ids {
				inst := a
				if i%2 == 1 {
					inst = c
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
					defer cancel()
					d, err := inst.ConfirmDonation(cctx, key, id, store.Confirmation{ReceivedOn: "2026-06-01", AmountPaise: 100}, donationAdmin)
					if err != nil {
						t.Errorf("confirm %d: %v", i, err)
						return
					}
					numbers[i] = d.Receipt.Number
				}()
			}
			close(start)
			wg.Wait()
			seen := map[string]bool{}
			for _, num := range numbers {
				seen[num] = true
			}
			for i := 1; i <= n; i++ {
				want := fmt.Sprintf("RCP/2026-27/%06d", i)
				if !seen[want] {
					t.Errorf("number %s was not given", want)
				}
			}
			if len(seen) != n {
				t.Errorf("%d distinct numbers for %d gifts", len(seen), n)
			}
			// And as stored.
			list, err := a.DonationsReceivedIn(ctx, india.FY(2026))
			if err != nil || len(list) != n {
				t.Fatalf("stored %d %v", len(list), err)
			}
			for i, d := range list {
				if d.Receipt.Seq != i+1 {
					t.Fatalf("stored serial %d at %d", d.Receipt.Seq, i)
				}
			}

			// Two admins confirm one gift at the same moment from the two
			// instances: one receipt, one 409, no number lost.
			for round := range 5 {
				d := newGift(1000 + round)
				insertGift(t, a, key, d, "ABCPE1234F")
				errs := make([]error, 2)
				var wg sync.WaitGroup
				for i, inst := range []*store.Store{a, c} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						_, errs[i] = inst.ConfirmDonation(ctx, key, d.ID, store.Confirmation{ReceivedOn: "2026-06-01", AmountPaise: 100}, donationAdmin)
					}()
				}
				wg.Wait()
				ok, refused := 0, 0
				for _, err := range errs {
					switch {
					case err == nil:
						ok++
					case errors.Is(err, store.ErrDonationConfirmed):
						refused++
					default:
						t.Fatalf("double confirm: %v", err)
					}
				}
				got, _ := a.DonationByID(ctx, d.ID)
				if ok != 1 || refused != 1 || got.Receipt.Number != fmt.Sprintf("RCP/2026-27/%06d", n+1+round) {
					t.Fatalf("double confirm round %d: %d ok, %d refused, %s", round, ok, refused, got.Receipt.Number)
				}
			}
		})
	}
}

// TestDonationConfirmNeedsTrustLegalName refuses a receipt, taking no
// number, until the settings hold the trust's legal name: a receipt names
// the trust as registered, never the website's name.
func TestDonationConfirmNeedsTrustLegalName(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		key := testKey(t)
		setReceiptSettings(t, s)
		doc, v, err := s.SiteSettings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		doc["trustLegalName"] = "  "
		if _, err := s.PutSiteSettings(ctx, doc, v, donationAdmin); err != nil {
			t.Fatal(err)
		}
		d := newGift(2)
		d.ReceiptType = "General"
		insertGift(t, s, key, d, "ABCPE1234F")
		conf := store.Confirmation{ReceivedOn: "2026-05-02", AmountPaise: 500000}
		if _, err := s.ConfirmDonation(ctx, key, d.ID, conf, donationAdmin); !errors.Is(err, store.ErrTrustLegalName) {
			t.Fatalf("without the legal name: %v", err)
		}
		if cur, _ := s.DonationByID(ctx, d.ID); cur.Status != "reported" || cur.Receipt != nil {
			t.Fatalf("a refused confirm changed the gift: %+v", cur)
		}
		doc, v, _ = s.SiteSettings(ctx)
		doc["trustLegalName"] = "Sri Prabhupada Disciples Care Trust"
		if _, err := s.PutSiteSettings(ctx, doc, v, donationAdmin); err != nil {
			t.Fatal(err)
		}
		got, err := s.ConfirmDonation(ctx, key, d.ID, conf, donationAdmin)
		if err != nil || got.Receipt.Number != "RCP/2026-27/000001" {
			t.Fatalf("with the legal name: %+v %v", got, err)
		}
	})
}
