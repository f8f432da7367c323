// Package seed fills a fresh spdc database for the benchmark directly
// through the store's own insert functions (not through slow HTTP loops):
// a user and an admin, each with a session token, and many volunteers
// inserted in large transactions with realistic text, so every search
// column is the one the forms code keeps.
package seed

import (
	"context"
	"fmt"
	mrand "math/rand/v2"
	"strings"
	"time"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// Sessions holds the bearer tokens the benchmark signs in with.
type Sessions struct {
	UserToken  string
	UserID     string
	AdminToken string
	AdminID    string
	AdminEmail string
	AdminName  string
}

// Users creates a plain user and an admin through the store, each with a
// 1-day session. The password hash column holds a placeholder: these
// accounts never log in with a password (the login row registers its own
// account).
func Users(ctx context.Context, st *store.Store) (Sessions, error) {
	mk := func(name, email, mobile string, admin bool) (string, string, error) {
		u := &store.User{FullName: name, Email: email, Mobile: mobile, Address: "12 Temple Road, Vrindavan",
			PasswordHash: "!bench-no-password", IsAdmin: admin}
		if err := st.CreateUser(ctx, u); err != nil {
			return "", "", fmt.Errorf("seed: %w", err)
		}
		token := auth.NewToken()
		if err := st.CreateSession(ctx, auth.HashToken(token), u.ID, st.Now().Add(24*time.Hour)); err != nil {
			return "", "", fmt.Errorf("seed: %w", err)
		}
		return u.ID, token, nil
	}
	var s Sessions
	var err error
	if s.UserID, s.UserToken, err = mk("Bench User", "bench.user@example.org", "+919800000001", false); err != nil {
		return s, err
	}
	s.AdminName, s.AdminEmail = "Bench Admin", "bench.admin@example.org"
	s.AdminID, s.AdminToken, err = mk(s.AdminName, s.AdminEmail, "+919800000002", true)
	return s, err
}

// DropUsers deletes the accounts Users made, so that a database seeded by
// an earlier run can take this run's.
func DropUsers(ctx context.Context, st *store.Store) error {
	_, err := st.Writer().ExecContext(ctx, "DELETE FROM users WHERE email IN ('bench.user@example.org', 'bench.admin@example.org')")
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	return nil
}

// Word lists for realistic volunteers.
var (
	firstNames = []string{"Radha", "Govinda", "Madhava", "Lalita", "Krishna", "Sita", "Rama", "Gauri", "Nitai", "Gaura",
		"Anand", "Priya", "Arjun", "Meera", "Vikram", "Ananya", "Rohan", "Kavya", "Sanjay", "Lakshmi",
		"John", "Maria", "David", "Sarah", "Peter", "Anna", "Michael", "Elena", "James", "Sofia"}
	lastNames = []string{"Sharma", "Patel", "Iyer", "Das", "Gupta", "Reddy", "Nair", "Mehta", "Chatterjee", "Rao",
		"Banerjee", "Kulkarni", "Joshi", "Menon", "Pillai", "Smith", "Garcia", "Müller", "Rossi", "Novak"}
	cities = []string{"Mumbai", "Delhi", "Kolkata", "Chennai", "Bengaluru", "Pune", "Vrindavan", "Mayapur", "Ahmedabad", "Hyderabad",
		"London", "New York", "Moscow", "Sydney", "Toronto", "Durban", "Berlin", "Lagos", "Nairobi", "Dhaka"}
	countries = []string{"India", "India", "India", "India", "India", "India", "India", "India", "India", "India",
		"United Kingdom", "United States", "Russia", "Australia", "Canada", "South Africa", "Germany", "Nigeria", "Kenya", "Bangladesh"}
	streets = []string{"Temple Road", "Station Road", "Gandhi Marg", "Park Street", "MG Road", "Lake View", "Hill Road", "Market Lane"}
	// The volunteer form's options (internal/httpapi/volunteers.go).
	availability = []string{"5-10 hours/week", "10-20 hours/week", "20+ hours/week"}
	areas        = []string{"Financial Assistance", "Medical/health practitioner", "Emotional and Spiritual Support",
		"Comprehensive Health Assessments", "Community Building Activities", "Relocation Assistance", "Other"}
	sentences = []string{
		"I have looked after my grandparents for several years.",
		"I worked as a nurse in a district hospital before retiring.",
		"I cook for the Sunday feast at our local temple.",
		"I can drive elders to their doctor appointments on weekends.",
		"Serving the senior devotees is a way to repay their kindness.",
		"I want to help the disciples who gave their lives to this mission.",
		"I am trained in first aid and basic physiotherapy.",
		"I speak Hindi, Bengali and English and can read aloud.",
		"I manage accounts for a small business and can help with records.",
		"I have organised kirtan programs and festivals for ten years.",
		"My family has been connected to the temple since childhood.",
		"I can offer two evenings every week and more during holidays.",
	}
)

func pick(r *mrand.Rand, list []string) string { return list[r.IntN(len(list))] }

func paragraph(r *mrand.Rand, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = pick(r, sentences)
	}
	return strings.Join(parts, " ")
}

// SearchTerm is the admin list rows' search: a word of one experience
// sentence, so about a third of the volunteers match (well over 500 pages
// of 20) and the server must still look at every row to count them.
const SearchTerm = "nurse"

// RareTerm is a person's full name: about one volunteer in 600.
const RareTerm = "madhava müller"

// SmallTerm matches about one volunteer in twenty (a city): the small CSV
// export that the full export's memory is compared with.
const SmallTerm = "pune"

// Volunteers inserts n volunteers with created_at spread over the last
// year, oldest first, through store.InsertVolunteer (so the search column
// is filled exactly as the form handler fills it), in transactions of
// 10,000 rows.
//
// Keeping every index up to date row by row costs most of the seeding
// time, so the table's secondary indexes (its unique ones stay, to check
// what they check) are set aside during the inserts, then recreated from
// their own stored SQL: the same schema and contents, several times
// faster. On SQLite the full-text indexes then take every row in one
// batch (store.IndexSearch, as the server's indexer would) and the word
// index is compacted (store.CompactSearch, as the server does when the
// tables are quiet); PostgreSQL
// gathers the table's statistics and marks its pages all-visible (VACUUM
// ANALYZE), as its autovacuum does after so many new rows.
func Volunteers(ctx context.Context, st *store.Store, n int) error {
	restoreIdx, err := suspendIndexes(ctx, st, "volunteers")
	if err != nil {
		return err
	}
	restore := func() error {
		if err := restoreIdx(); err != nil {
			return err
		}
		if st.Dialect() != store.Postgres {
			// The rows' search text goes into the full-text indexes in
			// one batch, as the server's indexer does; the word index
			// is then compacted, as the server does when the tables
			// have been quiet a few minutes (records gathered over
			// years have had many such moments).
			if err := st.IndexSearch(ctx); err != nil {
				return err
			}
			return st.CompactSearch(ctx)
		}
		// Autovacuum vacuums and analyzes a table after so many inserts;
		// the bench does it at once rather than wait for it.
		if _, err := st.Writer().ExecContext(ctx, "VACUUM (ANALYZE) volunteers"); err != nil {
			return fmt.Errorf("seed: vacuum: %w", err)
		}
		return nil
	}
	r := mrand.New(mrand.NewPCG(8, 8))
	now := st.Now()
	const perTx = 10000
	for done := 0; done < n; {
		rows := min(perTx, n-done)
		err := st.InTx(ctx, func(tx *store.Tx) error {
			for i := 0; i < rows; i++ {
				k := done + i
				created := now.Add(-time.Duration(n-k) * 5 * time.Minute)
				if err := store.InsertVolunteer(ctx, tx, volunteer(r, k), created); err != nil {
					return fmt.Errorf("seed: %w", err)
				}
			}
			return nil
		})
		if err != nil {
			_ = restore()
			return err
		}
		done += rows
	}
	return restore()
}

// suspendIndexes drops the indexes of table that are neither unique nor a
// primary key and returns the function that creates them again.
func suspendIndexes(ctx context.Context, st *store.Store, table string) (func() error, error) {
	q := "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'"
	if st.Dialect() == store.Postgres {
		q = "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ? AND indexdef NOT LIKE 'CREATE UNIQUE%'"
	}
	rows, err := st.Reader().QueryContext(ctx, q, table)
	if err != nil {
		return nil, fmt.Errorf("seed: list indexes: %w", err)
	}
	type index struct{ name, sql string }
	var list []index
	for rows.Next() {
		var i index
		if err := rows.Scan(&i.name, &i.sql); err != nil {
			rows.Close()
			return nil, err
		}
		list = append(list, i)
	}
	rows.Close()
	for _, i := range list {
		if _, err := st.Writer().ExecContext(ctx, `DROP INDEX "`+i.name+`"`); err != nil {
			return nil, fmt.Errorf("seed: drop index %s: %w", i.name, err)
		}
	}
	return func() error {
		return st.InTx(ctx, func(tx *store.Tx) error {
			if st.Dialect() == store.Postgres {
				// As an operator building an index on a large table
				// would: enough memory to sort it in one go.
				if _, err := tx.ExecContext(ctx, "SET LOCAL maintenance_work_mem = '512MB'"); err != nil {
					return fmt.Errorf("seed: %w", err)
				}
			}
			for _, i := range list {
				if _, err := tx.ExecContext(ctx, i.sql); err != nil {
					return fmt.Errorf("seed: recreate index %s: %w", i.name, err)
				}
			}
			return nil
		})
	}, nil
}

// volunteer returns volunteer number k, with the form's own option values.
func volunteer(r *mrand.Rand, k int) *store.Volunteer {
	first, last := pick(r, firstNames), pick(r, lastNames)
	ci := r.IntN(len(cities))
	city := cities[ci]
	chosen := []string{pick(r, areas)}
	if r.IntN(2) == 0 {
		if a := pick(r, areas); a != chosen[0] {
			chosen = append(chosen, a)
		}
	}
	v := &store.Volunteer{
		FullName:        first + " " + last,
		Email:           fmt.Sprintf("%s.%s%d@example.org", strings.ToLower(first), strings.ToLower(last), k),
		Mobile:          fmt.Sprintf("+9198%08d", k),
		Address:         fmt.Sprintf("%d %s, %s", 1+r.IntN(400), pick(r, streets), city),
		Country:         countries[ci],
		NearestCenter:   "ISKCON " + city,
		Availability:    pick(r, availability),
		AreasOfInterest: chosen,
		Experience:      paragraph(r, 2),
		Motivation:      paragraph(r, 2),
		Skills:          paragraph(r, 1),
		Consent:         true,
	}
	for _, a := range chosen {
		if a == "Other" {
			v.OtherInterest = "Gardening and temple cleaning"
		}
	}
	return v
}

// Outbox enqueues n messages to to through the outbox package (as a form
// handler would, but many in one transaction), all with the given kind.
func Outbox(ctx context.Context, st *store.Store, n int, kind, to string) error {
	now := st.Now()
	return st.InTx(ctx, func(tx *store.Tx) error {
		for i := 0; i < n; i++ {
			m := mail.Message{
				Kind:    kind,
				To:      to,
				Subject: "Thank you for volunteering",
				Text:    fmt.Sprintf("Dear volunteer,\n\nThank you for offering your service (message %d).\n\nSPDC care program\n", i),
				HTML:    fmt.Sprintf("<p>Dear volunteer,</p><p>Thank you for offering your service (message %d).</p><p>SPDC care program</p>", i),
			}
			if err := outbox.Enqueue(ctx, tx, now, m); err != nil {
				return fmt.Errorf("seed: %w", err)
			}
		}
		return nil
	})
}

// PendingMail counts outbox rows not yet sent or failed for good.
func PendingMail(ctx context.Context, st *store.Store) (int, error) {
	var n int
	err := st.Reader().QueryRowContext(ctx, "SELECT COUNT(*) FROM outbox WHERE status = 'pending'").Scan(&n)
	return n, err
}
