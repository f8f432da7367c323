package store

import (
	"context"
	"time"

	"spdc/internal/entity"
)

// FormTable gives the external tests the form-table code with a
// definition of their own (one with a field added, as a new migration
// would add it).
type FormTable struct{ t formTable }

// NewFormTable is the form table of table read through e.
func NewFormTable(table string, e *entity.Entity) FormTable { return FormTable{formTable{table, e}} }

// Insert saves rec as a new row with id and the time now.
func (f FormTable) Insert(ctx context.Context, q Querier, id string, rec any, now time.Time) error {
	return f.t.insert(ctx, q, formHead{ID: id, CreatedAt: now, UpdatedAt: now}, rec)
}

// ByID reads the row id into dst.
func (f FormTable) ByID(ctx context.Context, q Querier, id string, dst any) error {
	return f.t.byID(ctx, q, id, dst)
}
