package foclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// Envelope names which of the reference's four error bodies an error came in.
type Envelope string

// The four documented error bodies, and none of them.
const (
	FlatEnvelope       Envelope = "flat"        // code, status, detail, ... (v1, and every 429)
	LegacyAuthEnvelope Envelope = "legacy-auth" // status_code, code: Unauthorized, detail
	V2ErrorsEnvelope   Envelope = "v2-errors"   // errors: [{type, description}] (/v2/...)
	PortfolioEnvelope  Envelope = "portfolio"   // error: {code, message, details, request_id, timestamp}
	NoEnvelope         Envelope = "none"
)

// APIError is a failed call read as its documented envelope. Code is a string and open: new codes may come.
type APIError struct {
	Status   int
	Envelope Envelope
	Code     string
	Message  string
	TraceID  string
	Body     []byte
}

func (e *APIError) Error() string {
	code := e.Code
	if code == "" {
		code = "(no code)"
	}
	return fmt.Sprintf("HTTP %d %s error %s: %s", e.Status, e.Envelope, code, e.Message)
}

// ReadEnvelope reads an error body of the given status.
func ReadEnvelope(status int, body []byte) *APIError {
	e := &APIError{Status: status, Envelope: NoEnvelope, Body: body}
	var doc map[string]json.RawMessage
	if json.Unmarshal(body, &doc) != nil {
		return e
	}
	text := func(raw json.RawMessage) string {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
		if len(raw) > 0 && string(raw) != "null" {
			return string(raw)
		}
		return ""
	}
	var portfolio map[string]json.RawMessage
	var v2 []map[string]json.RawMessage
	switch {
	case json.Unmarshal(doc["error"], &portfolio) == nil && portfolio != nil:
		e.Envelope, e.Code, e.Message, e.TraceID = PortfolioEnvelope, text(portfolio["code"]), text(portfolio["message"]), text(portfolio["request_id"])
	case json.Unmarshal(doc["errors"], &v2) == nil && len(v2) > 0:
		e.Envelope, e.Code, e.Message = V2ErrorsEnvelope, text(v2[0]["type"]), text(v2[0]["description"])
	case doc["status_code"] != nil:
		e.Envelope, e.Code, e.Message = LegacyAuthEnvelope, text(doc["code"]), text(doc["detail"])
	case doc["code"] != nil:
		e.Envelope, e.Code, e.Message, e.TraceID = FlatEnvelope, text(doc["code"]), text(doc["detail"]), text(doc["trace_id"])
	}
	return e
}

// ErrorOf reads the error of a generated call (its *http.Response and error) as an *APIError; it gives nil
// when the call failed before an answer came (then err says why) or did not fail.
func ErrorOf(res *http.Response, err error) *APIError {
	var withBody interface{ Body() []byte }
	if err == nil || res == nil || !errors.As(err, &withBody) {
		return nil
	}
	return ReadEnvelope(res.StatusCode, withBody.Body())
}
