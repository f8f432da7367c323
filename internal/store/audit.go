package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"spdc/internal/list"
)

// AuditEntry is one admin write for the audit log (see list.AuditEntry).
type AuditEntry = list.AuditEntry

// auditSecret reports keys that never enter the audit log.
func auditSecret(key string) bool {
	k := strings.ToLower(key)
	return strings.Contains(k, "password") || k == "token" || strings.HasSuffix(k, "hash")
}

func auditJSON(m map[string]any) (string, error) {
	clean := make(map[string]any, len(m))
	for k, v := range m {
		if auditSecret(k) {
			continue
		}
		if sub, ok := v.(map[string]any); ok {
			s := make(map[string]any, len(sub))
			for sk, sv := range sub {
				if !auditSecret(sk) {
					s[sk] = sv
				}
			}
			v = s
		}
		clean[k] = v
	}
	b, err := json.Marshal(clean)
	if err != nil {
		return "", fmt.Errorf("store: audit: %w", err)
	}
	return string(b), nil
}

// WriteAudit records e through q, normally the transaction of the change
// itself, so the change and its audit row commit together. Other features'
// admin actions (resend a confirmation link, retry a mail) call it too.
func WriteAudit(ctx context.Context, q Querier, e AuditEntry, now time.Time) error {
	before, err := auditJSON(e.Before)
	if err != nil {
		return err
	}
	after, err := auditJSON(e.After)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO audit_log (id, actor_id, actor_email, action, entity, entity_id, before_json, after_json, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		NewID(now), e.Actor.ID, e.Actor.Email, e.Action, e.Entity, e.EntityID, before, after, Millis(now))
	if err != nil {
		return fmt.Errorf("store: write audit: %w", err)
	}
	return nil
}
