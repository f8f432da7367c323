// Package store is spdc's data: hand-written SQL over the database engine
// (package db), one short file per entity, on SQLite or PostgreSQL. The
// dashboard's tabs are declared in tabs.go and run by the one list engine
// (package list); an entity's own rules in that engine are hooks declared
// in the entity's file (userHooks in users.go, discipleHooks in
// disciples.go, erasureHooks in erase.go …).
package store

import (
	"context"
	"time"

	"spdc/internal/db"
	"spdc/internal/list"
)

// Sentinel errors that the HTTP layer maps to status codes.
var (
	ErrNotFound = db.ErrNotFound
	ErrConflict = db.ErrConflict
)

// Store is the data layer shared by the whole process: the entities'
// queries over the database engine, whose methods (InTx, Reader, Writer,
// Dialect, Close, the search indexer, backups) it offers as its own.
type Store struct {
	*db.DB
	// Engine runs the dashboard's lists (AdminList, AdminPage,
	// AdminExport, AdminUpdate …), offered as the store's own methods.
	*list.Engine
}

// The engine's types, named here too so that a caller of the store needs
// no second import.
type (
	// Dialect is the SQL flavour of the database (see db.Dialect).
	Dialect = db.Dialect
	// Querier runs SQL with ? placeholders on a pool or a transaction.
	Querier = db.Querier
	// Tx is a write transaction; it satisfies Querier.
	Tx = db.Tx
	// Migration is one forward-only schema step.
	Migration = db.Migration
	// BackupReport is what a check of a database copy found.
	BackupReport = db.BackupReport
	// TableCount is the number of rows of one table of a copy.
	TableCount = db.TableCount
	// ThrottleSlot is one counted limit a request reserves a place in.
	ThrottleSlot = db.ThrottleSlot
	// ThrottleEvent is one counted event of a limit's window.
	ThrottleEvent = db.ThrottleEvent
	// ThrottleMark is a reserved place, settled or released later.
	ThrottleMark = db.ThrottleMark
)

// The list engine's types, by the names the store's callers know them by.
type (
	// AdminTab describes one list of the dashboard.
	AdminTab = list.Tab
	// AdminField is one column of an admin tab.
	AdminField = list.Field
	// AdminQuery selects the rows of a list.
	AdminQuery = list.Query
	// AdminTotal is how many rows of a list match a query.
	AdminTotal = list.Total
	// AdminEdit is one record's change within AdminUpdateAll.
	AdminEdit = list.Edit
	// Record is one row of an admin list.
	Record = list.Record
	// FieldKind says how a column is stored and shown.
	FieldKind = list.FieldKind
	// CondFilter is a filter of a list by an SQL condition.
	CondFilter = list.CondFilter
	// Actor is the admin who makes a change, for the audit log.
	Actor = list.Actor
)

// The kinds of admin fields.
const (
	KindText    = list.KindText
	KindBool    = list.KindBool
	KindList    = list.KindList
	KindTime    = list.KindTime
	KindTimePtr = list.KindTimePtr
	KindInt     = list.KindInt
	KindJSON    = list.KindJSON
)

// FilterIDs is the AdminQuery filter that keeps only the listed records.
const FilterIDs = list.FilterIDs

// The list engine's refusals.
var (
	ErrBadSort          = list.ErrBadSort
	ErrBadCursor        = list.ErrBadCursor
	ErrSearchPageNumber = list.ErrSearchPageNumber
)

// The supported dialects.
const (
	SQLite   = db.SQLite
	Postgres = db.Postgres
)

// Open connects to the database named by rawURL (sqlite://path or
// postgres://…), configures it and checks that it answers.
func Open(ctx context.Context, rawURL string) (*Store, error) {
	d, err := db.Open(ctx, rawURL)
	if err != nil {
		return nil, err
	}
	return &Store{DB: d, Engine: &list.Engine{DB: d, Audit: WriteAudit}}, nil
}

// Migrate applies every migration not yet applied (see db.Migrate), then
// fills what a new version of the program expects of the data: a fresh
// database's starting site content, the references of rows made before
// references existed, and the care records of approved disciples.
func (s *Store) Migrate(ctx context.Context) (int, error) {
	applied, err := s.DB.Migrate(ctx)
	if err != nil {
		return applied, err
	}
	// A fresh database gets the site's starting content.
	if err := s.seedSite(ctx); err != nil {
		return applied, err
	}
	if err := s.fillRefs(ctx); err != nil {
		return applied, err
	}
	return applied, s.fillCareRecords(ctx)
}

// Migrations lists the embedded migrations of a dialect in order.
func Migrations(d Dialect) ([]Migration, error) { return db.Migrations(d) }

// SearchFile is the path of the search indexes' file beside the SQLite
// database at path.
func SearchFile(path string) string { return db.SearchFile(path) }

// VerifyBackup checks the SQLite copy at path (see db.VerifyBackup).
func VerifyBackup(ctx context.Context, path string) (*BackupReport, error) {
	return db.VerifyBackup(ctx, path)
}

// now is the store's clock (see SetClock).
func (s *Store) now() time.Time { return s.Now() }
