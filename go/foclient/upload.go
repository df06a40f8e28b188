package foclient

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"example.com/financial-operations-api/v2/foapi"
)

// Document is a file to upload: its exact bytes, its name and its MIME type (e.g. application/pdf).
type Document struct {
	Data     []byte
	FileName string
	MimeType string
}

// ContentDisposition gives `attachment; filename="..."` (RFC 6266), with RFC 8187 `filename*` for a name
// that is not plain ASCII; a name with a control character is refused.
func ContentDisposition(fileName string) (string, error) {
	if fileName == "" || strings.IndexFunc(fileName, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
		return "", fmt.Errorf("foclient: the file name is empty or has a control character (a line break, a NUL)")
	}
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r >= 0x7f {
			return '_'
		}
		return r
	}, fileName)
	quoted := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(ascii)
	if ascii == fileName {
		return `attachment; filename="` + quoted + `"`, nil
	}
	return `attachment; filename="` + quoted + `"; filename*=UTF-8''` + encodeRFC8187(fileName), nil
}

// encodeRFC8187 percent-encodes every byte that is not an attr-char of RFC 8187.
func encodeRFC8187(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// UploadBusinessDocument PUTs a business sub-account's document: doc.Data as the body, doc.MimeType as
// Content-Type. A non-2xx answer is an *APIError.
func UploadBusinessDocument(ctx context.Context, c *foapi.APIClient, mainAccountID, subAccountID, documentType string, doc Document) (*http.Response, error) {
	return upload(ctx, c, doc, "v2", "accounts", mainAccountID, "businesses", subAccountID, "documents", documentType)
}

// UploadBusinessControllerDocument PUTs the document of a controller of a business sub-account.
func UploadBusinessControllerDocument(ctx context.Context, c *foapi.APIClient, mainAccountID, subAccountID, controllerID, documentType string, doc Document) (*http.Response, error) {
	return upload(ctx, c, doc, "v2", "accounts", mainAccountID, "businesses", subAccountID, "controllers", controllerID, "documents", documentType)
}

// UploadIndividualDocument PUTs an individual sub-account's document.
func UploadIndividualDocument(ctx context.Context, c *foapi.APIClient, mainAccountID, subAccountID, documentType string, doc Document) (*http.Response, error) {
	return upload(ctx, c, doc, "v2", "accounts", mainAccountID, "individuals", subAccountID, "documents", documentType)
}

// upload builds the request itself: the generated call takes an *os.File and picks its own Content-Type.
func upload(ctx context.Context, c *foapi.APIClient, doc Document, segments ...string) (*http.Response, error) {
	if _, _, err := mime.ParseMediaType(doc.MimeType); err != nil || !strings.Contains(doc.MimeType, "/") {
		return nil, fmt.Errorf("foclient: MIME type %q is not of the form type/subtype (e.g. application/pdf)", doc.MimeType)
	}
	disposition, err := ContentDisposition(doc.FileName)
	if err != nil {
		return nil, err
	}
	for i, s := range segments {
		if s == "" {
			return nil, fmt.Errorf("foclient: an identifier of the upload path is empty")
		}
		segments[i] = url.PathEscape(s)
	}
	cfg := c.GetConfig()
	target := strings.TrimRight(cfg.Servers[0].URL, "/") + "/" + strings.Join(segments, "/")
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, target, bytes.NewReader(doc.Data))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", doc.MimeType)
	req.Header.Set("Content-Disposition", disposition)
	req.Header.Set("Accept", "application/json")
	res, err := cfg.HTTPClient.Do(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return nil, err
	}
	res.Body = io.NopCloser(bytes.NewReader(body))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return res, ReadEnvelope(res.StatusCode, body)
	}
	return res, nil
}
