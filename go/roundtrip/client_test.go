// The generated Go client (out/clients/go), with the fosign Transport as its HTTP transport, against the
// mock in production-auth mode: a JSON POST, a read with a query, a raw document upload, and a wrong secret.
package roundtrip

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	foapi "example.com/financial-operations-api/foapi"
	"fosign"
)

const customer = "c0ffee00-0000-4000-8000-000000000001"

// sent keeps the last request the signing Transport handed on: what went on the wire.
type sent struct {
	req  *http.Request
	body []byte
}

func (s *sent) RoundTrip(req *http.Request) (*http.Response, error) {
	s.req = req
	if req.GetBody != nil {
		b, _ := req.GetBody()
		s.body, _ = io.ReadAll(b)
	}
	return http.DefaultTransport.RoundTrip(req)
}

func client(t *testing.T, secretKey string) *foapi.APIClient {
	return clientSending(t, secretKey, &sent{})
}

func clientSending(t *testing.T, secretKey string, wire *sent) *foapi.APIClient {
	t.Helper()
	transport, err := fosign.NewTransport(theMock.URL, theMock.AccessKey, secretKey, wire)
	if err != nil {
		t.Fatal(err)
	}
	cfg := foapi.NewConfiguration()
	cfg.Servers = foapi.ServerConfigurations{{URL: theMock.URL}}
	cfg.HTTPClient = &http.Client{Transport: transport}
	return foapi.NewAPIClient(cfg)
}

func quoteRequest() foapi.QuoteRequest {
	return *foapi.NewQuoteRequest(map[string]interface{}{"asset": "USDC"}, map[string]interface{}{"asset": "EUR"})
}

func expect2xx(t *testing.T, res *http.Response, err error) {
	t.Helper()
	if res == nil {
		t.Fatalf("no response: %v", err)
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		t.Fatalf("got %s (%s): %v", res.Status, res.Header.Get("X-Mock-Auth-Failure"), err)
	}
	if err != nil {
		t.Fatalf("2xx, but the client failed: %v", err)
	}
}

func TestQuoteJSONPost(t *testing.T) {
	quote, res, err := client(t, theMock.SecretKey).ConversionsAPI.CreateQuote(context.Background(), customer).QuoteRequest(quoteRequest()).Execute()
	expect2xx(t, res, err)
	if quote == nil || quote.GetQuoteId() == "" {
		t.Errorf("no quote id in %+v", quote)
	}
}

func TestRfiListWithStatusQuery(t *testing.T) {
	statuses := []foapi.RfiStatus{foapi.ACTION_REQUIRED, foapi.PENDING_REVIEW}
	list, res, err := client(t, theMock.SecretKey).RFICasesAPI.ListRfiCases(context.Background(), customer).RfiStatus(statuses).Execute()
	expect2xx(t, res, err)
	if got := res.Request.URL.Query()["rfi_status"]; len(got) != 1 || got[0] != "ACTION_REQUIRED,PENDING_REVIEW" {
		t.Errorf("rfi_status sent as %q, want one comma-separated value", got)
	}
	if list == nil {
		t.Errorf("no list")
	}
}

func TestRawDocumentUpload(t *testing.T) {
	file := filepath.Join(t.TempDir(), "memorandum.pdf")
	document := []byte("%PDF-1.7\n\x00\xff\xfe binary\n%%EOF")
	if err := os.WriteFile(file, document, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The generated client would send a file as application/json: the document's own type goes by context.
	ctx := fosign.WithContentType(context.Background(), "application/pdf")
	wire := &sent{}
	_, res, err := clientSending(t, theMock.SecretKey, wire).OnboardingAPI.
		UploadBusinessDocument(ctx, "acc-main-1", "sub-1", "MEMORANDUM_OF_ASSOCIATION").
		ContentDisposition(`attachment; filename="memorandum.pdf"`).Body(f).Execute()
	expect2xx(t, res, err)
	if !bytes.Equal(wire.body, document) {
		t.Errorf("sent %q, want the file's bytes", wire.body)
	}
	if ct, cd := wire.req.Header.Get("Content-Type"), wire.req.Header.Get("Content-Disposition"); ct != "application/pdf" || cd != `attachment; filename="memorandum.pdf"` {
		t.Errorf("sent Content-Type %q, Content-Disposition %q", ct, cd)
	}
}

func TestWrongSecretGetsTheDocumented401(t *testing.T) {
	other := make([]byte, 32)
	rand.Read(other)
	wrong := base64.RawURLEncoding.EncodeToString(other)
	_, res, err := client(t, wrong).ConversionsAPI.CreateQuote(context.Background(), customer).QuoteRequest(quoteRequest()).Execute()
	if res == nil || res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("want 401, got %v, %v", res, err)
	}
	if got := res.Header.Get("X-Mock-Auth-Failure"); got != "signature-mismatch" {
		t.Errorf("X-Mock-Auth-Failure: %q", got)
	}
	apiErr, ok := err.(*foapi.GenericOpenAPIError)
	if !ok {
		t.Fatalf("want the generated client's GenericOpenAPIError, got %T %v", err, err)
	}
	var body struct{ Code, Detail string }
	if json.Unmarshal(apiErr.Body(), &body) != nil || body.Code != "00010000" || body.Detail != "Signature mismatch." {
		t.Errorf("401 body %s, want the flat envelope with code 00010000 and detail \"Signature mismatch.\"", apiErr.Body())
	}
}
