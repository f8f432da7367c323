package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func testImage(seed string, widths ...int) *store.Media {
	m := &store.Media{Kind: "image", Alt: "A " + seed + " picture"}
	for _, w := range widths {
		body := []byte(fmt.Sprintf("jpeg bytes of %s at %d", seed, w))
		m.Files = append(m.Files, store.MediaFile{Name: fmt.Sprintf("%s%d.jpg", seed, w), Width: w, Height: w / 2, ContentType: "image/jpeg", Body: body})
	}
	last := m.Files[len(m.Files)-1]
	m.Width, m.Height = last.Width, last.Height
	return m
}

func mediaAuditCount(t *testing.T, s *store.Store, id string) int {
	t.Helper()
	var n int
	if err := s.Reader().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE entity = 'media' AND entity_id = ?`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func addItem(t *testing.T, s *store.Store, collection, language, photo, data string) string {
	t.Helper()
	now := s.Now()
	id := store.NewID(now)
	_, err := s.Writer().ExecContext(t.Context(), `INSERT INTO site_items (id, collection, language, position, published, photo_id, data, version, created_at, updated_at)
		VALUES (?, ?, ?, 0, ?, ?, ?, 0, ?, ?)`, id, collection, language, true, photo, data, store.Millis(now), store.Millis(now))
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func setSettings(t *testing.T, s *store.Store, data string) {
	t.Helper()
	ctx := t.Context()
	if _, err := s.Writer().ExecContext(ctx, `DELETE FROM site_settings`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Writer().ExecContext(ctx, `INSERT INTO site_settings (id, data, version, updated_at) VALUES (1, ?, 0, 0)`, data); err != nil {
		t.Fatal(err)
	}
}

// TestMediaRefs checks the references the content answers expand photos
// to: src is the widest file, srcset every width narrowest first, a video
// has no srcset, and unknown or empty ids are left out.
func TestMediaRefs(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		s.SetClock(storetest.NewClock(time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC), time.Millisecond).Now)
		actor := store.Actor{ID: "admin1", Email: "admin@example.org"}
		// Files given widest first come back narrowest first.
		img := testImage("a", 1600, 480, 960)
		img.Width, img.Height = 1600, 800
		if err := s.AddMedia(ctx, img, actor); err != nil {
			t.Fatal(err)
		}
		video := &store.Media{Kind: "video", Files: []store.MediaFile{{Name: "v1.webm", ContentType: "video/webm", Body: []byte("webm")}}}
		if err := s.AddMedia(ctx, video, actor); err != nil {
			t.Fatal(err)
		}
		refs, err := s.MediaRefs(ctx, []string{img.ID, video.ID, img.ID, "", store.NewID(s.Now())})
		if err != nil {
			t.Fatal(err)
		}
		if len(refs) != 2 {
			t.Fatalf("refs: %+v", refs)
		}
		want := store.MediaRef{ID: img.ID, Kind: "image", Alt: "A a picture", Width: 1600, Height: 800,
			Src: "/uploads/a1600.jpg", Srcset: "/uploads/a480.jpg 480w, /uploads/a960.jpg 960w, /uploads/a1600.jpg 1600w", Type: "image/jpeg"}
		if refs[img.ID] != want {
			t.Fatalf("image ref:\n got %+v\nwant %+v", refs[img.ID], want)
		}
		if v := refs[video.ID]; v.Kind != "video" || v.Src != "/uploads/v1.webm" || v.Srcset != "" || v.Type != "video/webm" {
			t.Fatalf("video ref: %+v", v)
		}
		if none, err := s.MediaRefs(ctx, nil); err != nil || len(none) != 0 {
			t.Fatalf("no ids: %v %v", none, err)
		}
	})
}

func TestMediaLifecycle(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		s.SetClock(storetest.NewClock(time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC), time.Millisecond).Now)
		actor := store.Actor{ID: "admin1", Email: "admin@example.org"}
		first, second := testImage("p", 480, 960), testImage("q", 480)
		for _, m := range []*store.Media{first, second} {
			if err := s.AddMedia(ctx, m, actor); err != nil {
				t.Fatal(err)
			}
		}
		if mediaAuditCount(t, s, first.ID) != 1 {
			t.Fatal("upload not audited")
		}

		// The same upload again is refused and stores nothing.
		again := testImage("p", 480, 960)
		var exists *store.MediaExistsError
		if err := s.AddMedia(ctx, again, actor); !errors.As(err, &exists) || exists.ID != first.ID || !errors.Is(err, store.ErrConflict) {
			t.Fatalf("same upload again: %v", err)
		}
		// One file twice in one upload is refused as a whole.
		twice := testImage("r", 480)
		twice.Files = append(twice.Files, twice.Files[0])
		if err := s.AddMedia(ctx, twice, actor); !errors.As(err, &exists) {
			t.Fatalf("file twice: %v", err)
		}
		list, err := s.ListMedia(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID {
			t.Fatalf("list (newest first): %+v", list)
		}
		if list[1].Src != "/uploads/p960.jpg" || list[1].Version != 0 || !list[1].CreatedAt.Equal(first.CreatedAt) || len(list[1].UsedBy) != 0 {
			t.Fatalf("listed media: %+v", list[1])
		}

		// Files are read for serving by name, whole or in pieces.
		info, err := s.MediaFileInfo(ctx, "p960.jpg")
		if err != nil || info.ContentType != "image/jpeg" || info.Size != int64(len("jpeg bytes of p at 960")) || info.Width != 960 {
			t.Fatalf("file info: %+v %v", info, err)
		}
		if _, err := s.MediaFileInfo(ctx, "nothing.jpg"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown file: %v", err)
		}
		for _, c := range []struct {
			off, n int64
			want   string
		}{{0, 100, "jpeg bytes of p at 960"}, {5, 5, "bytes"}, {19, 100, "960"}} {
			b, err := s.MediaFileBytes(ctx, "p960.jpg", c.off, c.n)
			if err != nil || string(b) != c.want {
				t.Fatalf("bytes %d+%d: %q %v", c.off, c.n, b, err)
			}
		}
		if _, err := s.MediaFileBytes(ctx, "nothing.jpg", 0, 10); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown file bytes: %v", err)
		}

		// Alt text changes only from the version the admin saw.
		if err := s.UpdateMediaAlt(ctx, first.ID, "Children at the school gate", 0, actor); err != nil {
			t.Fatal(err)
		}
		if err := s.UpdateMediaAlt(ctx, first.ID, "Stale", 0, actor); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale version: %v", err)
		}
		if err := s.UpdateMediaAlt(ctx, store.NewID(s.Now()), "x", 0, actor); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown media: %v", err)
		}
		got, err := s.MediaItemByID(ctx, first.ID)
		if err != nil || got.Alt != "Children at the school gate" || got.Version != 1 {
			t.Fatalf("after alt change: %+v %v", got, err)
		}
		if mediaAuditCount(t, s, first.ID) != 2 {
			t.Fatal("alt change not audited")
		}

		// In use by items of the site and by the banner: the delete is
		// refused, names each place, and removes nothing.
		addItem(t, s, "team", "en", first.ID, `{"name":"Asha Devi","role":"Coordinator"}`)
		addItem(t, s, "stories", "hi", first.ID, `{"title":"School gate"}`)
		addItem(t, s, "gallery", "en", first.ID, `{}`)
		addItem(t, s, "team", "en", "", `{"name":"No photo"}`)
		setSettings(t, s, fmt.Sprintf(`{"orgName":"SPDC","bannerVideo":"","bannerPoster":%q}`, first.ID))
		var inUse *store.MediaInUseError
		err = s.DeleteMedia(ctx, first.ID, actor)
		if !errors.As(err, &inUse) || !errors.Is(err, store.ErrConflict) {
			t.Fatalf("delete in use: %v", err)
		}
		joined := strings.Join(inUse.UsedBy, ", ")
		for _, want := range []string{"Team — Asha Devi", "Stories — School gate (hi)", "Gallery — item ", "Settings — banner poster"} {
			if !strings.Contains(joined, want) {
				t.Errorf("used by %q lacks %q", joined, want)
			}
		}
		if len(inUse.UsedBy) != 4 {
			t.Errorf("used by: %q", inUse.UsedBy)
		}
		used, err := s.MediaUsedBy(ctx, first.ID)
		if err != nil || len(used) != 4 {
			t.Fatalf("used by: %v %v", used, err)
		}
		if list, _ := s.ListMedia(ctx); len(list[1].UsedBy) != 4 || len(list[0].UsedBy) != 0 {
			t.Fatalf("list used by: %+v", list)
		}
		if _, err := s.MediaFileInfo(ctx, "p480.jpg"); err != nil {
			t.Fatalf("refused delete removed a file: %v", err)
		}
		if mediaAuditCount(t, s, first.ID) != 2 {
			t.Fatal("refused delete audited")
		}

		// The banner video counts too.
		setSettings(t, s, fmt.Sprintf(`{"bannerVideo":%q}`, second.ID))
		if err := s.DeleteMedia(ctx, second.ID, actor); !errors.As(err, &inUse) || inUse.UsedBy[0] != "Settings — banner video" {
			t.Fatalf("banner video: %v", err)
		}
		setSettings(t, s, `{"bannerVideo":"","bannerPoster":""}`)
		if err := s.DeleteMedia(ctx, second.ID, actor); err != nil {
			t.Fatal(err)
		}
		if _, err := s.MediaFileInfo(ctx, "q480.jpg"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("deleted file still served: %v", err)
		}
		if err := s.DeleteMedia(ctx, second.ID, actor); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		if mediaAuditCount(t, s, second.ID) != 2 {
			t.Fatal("delete not audited")
		}
		// Once deleted, the same picture may be uploaded again.
		if err := s.AddMedia(ctx, testImage("q", 480), actor); err != nil {
			t.Fatalf("upload after delete: %v", err)
		}
	})
}

// TestMediaLargeFileInPieces stores a file of a few megabytes and reads it
// back in pieces, as a video is served.
func TestMediaLargeFileInPieces(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		body := bytes.Repeat([]byte("0123456789abcdef"), 3<<16) // 3 MiB
		m := &store.Media{Kind: "video", Files: []store.MediaFile{{Name: "big.mp4", ContentType: "video/mp4", Body: body}}}
		if err := s.AddMedia(ctx, m, store.Actor{ID: "a"}); err != nil {
			t.Fatal(err)
		}
		var got []byte
		for off := int64(0); off < int64(len(body)); off += 1 << 20 {
			b, err := s.MediaFileBytes(ctx, "big.mp4", off, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, b...)
		}
		if !bytes.Equal(got, body) {
			t.Fatalf("pieces differ: %d bytes back of %d", len(got), len(body))
		}
	})
}
