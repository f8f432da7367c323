package app

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/store"
)

// slowReader hands out its bytes a piece at a time with a pause before
// each, like an upload over a slow line.
type slowReader struct {
	b     []byte
	piece int
	pause time.Duration
}

func (s *slowReader) Read(p []byte) (int, error) {
	if len(s.b) == 0 {
		return 0, io.EOF
	}
	time.Sleep(s.pause)
	n := copy(p[:min(len(p), s.piece)], s.b)
	s.b = s.b[n:]
	return n, nil
}

// TestSlowMediaUploadByAdmin: an admin's picture upload may take longer
// to arrive than the server's read timeout (which still cuts off every
// other slow body, see TestSlowBodyIsCutOff) and is stored.
func TestSlowMediaUploadByAdmin(t *testing.T) {
	defer func(d time.Duration) { readTimeout = d }(readTimeout)
	readTimeout = time.Second
	dataDir := t.TempDir()
	addr, stop := startServer(t, map[string]string{"SPDC_DATA_DIR": dataDir})
	defer stop()

	st, err := store.Open(context.Background(), "sqlite://"+filepath.Join(dataDir, "spdc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	token := "slow-upload-admin-token"
	admin := &store.User{FullName: "Upload Admin", Email: "upload-admin@example.org", PasswordHash: "x", IsAdmin: true}
	if err := st.CreateUser(context.Background(), admin); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateSession(context.Background(), auth.HashToken(token), admin.ID, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}

	var pic bytes.Buffer
	_ = jpeg.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 64, 48)), nil)
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	_ = mw.WriteField("alt", "A dark test picture")
	fw, _ := mw.CreateFormFile("file", "dark.jpg")
	_, _ = fw.Write(pic.Bytes())
	_ = mw.Close()

	// About 2.5 s for the whole body, over twice the read timeout.
	body := &slowReader{b: form.Bytes(), piece: form.Len()/10 + 1, pause: 250 * time.Millisecond}
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/admin/media", body)
	req.ContentLength = int64(form.Len())
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("slow upload cut off after %s: %v", time.Since(start), err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("slow upload: %d %s", res.StatusCode, got)
	}
	if took := time.Since(start); took < readTimeout {
		t.Fatalf("the upload was not slow: %s", took)
	}
	list, err := st.ListMedia(context.Background())
	if err != nil || len(list) != 1 || list[0].Alt != "A dark test picture" {
		t.Fatalf("stored: %v %v", list, err)
	}
}
