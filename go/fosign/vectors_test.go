package fosign

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The project's shared signing vectors (test/signing/vectors.json).
type vector struct {
	Name  string `json:"name"`
	Input struct {
		AccessKey string `json:"accessKey"`
		SecretKey string `json:"secretKey"`
		Method    string `json:"method"`
		Path      string `json:"path"`
		Query     string `json:"query"`
		Time      string `json:"time"`
		Body      struct {
			Kind   string `json:"kind"`
			Text   string `json:"text"`
			Hex    string `json:"hex"`
			Length int    `json:"length"`
		} `json:"body"`
	} `json:"input"`
	Expected struct {
		Timestamp    string            `json:"timestamp"`
		BodyHash     string            `json:"bodyHash"`
		StringToSign string            `json:"stringToSign"`
		Signature    string            `json:"signature"`
		Headers      map[string]string `json:"headers"`
	} `json:"expected"`
}

type fixtures struct {
	Cases          []vector `json:"cases"`
	InvalidSecrets []struct {
		Name      string `json:"name"`
		SecretKey string `json:"secretKey"`
	} `json:"invalidSecrets"`
}

func loadJSON(t *testing.T, name string, into any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "test", "signing", name))
	if err != nil {
		t.Fatalf("reading the shared vectors: %v", err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func loadVectors(t *testing.T) fixtures {
	var f fixtures
	loadJSON(t, "vectors.json", &f)
	if len(f.Cases) < 30 {
		t.Fatalf("expected at least 30 vectors, found %d", len(f.Cases))
	}
	return f
}

// body gives the exact bytes a body description stands for; nil for no body.
func (v vector) body(t *testing.T) []byte {
	b := v.Input.Body
	switch b.Kind {
	case "none":
		return nil
	case "utf8":
		return []byte(b.Text)
	case "hex":
		out, err := hex.DecodeString(b.Hex)
		if err != nil {
			t.Fatal(err)
		}
		return out
	case "cycle":
		out := make([]byte, b.Length)
		for i := range out {
			out[i] = byte(i % 256)
		}
		return out
	}
	t.Fatalf("unknown body kind %q", b.Kind)
	return nil
}

func (v vector) time(t *testing.T) time.Time {
	at, err := time.Parse(time.RFC3339Nano, v.Input.Time)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

func TestVectors(t *testing.T) {
	for _, v := range loadVectors(t).Cases {
		t.Run(v.Name, func(t *testing.T) {
			in, want := v.Input, v.Expected
			body := v.body(t)
			if got := FormatTimestamp(v.time(t)); got != want.Timestamp {
				t.Errorf("timestamp: got %s, want %s", got, want.Timestamp)
			}
			if got := HashBody(body); got != want.BodyHash {
				t.Errorf("body hash: got %s, want %s", got, want.BodyHash)
			}
			if got := StringToSign(in.AccessKey, want.Timestamp, in.Method, in.Path, want.BodyHash); got != want.StringToSign {
				t.Errorf("string to sign: got %q, want %q", got, want.StringToSign)
			}
			key, err := DecodeSecretKey(in.SecretKey)
			if err != nil {
				t.Fatalf("secret: %v", err)
			}
			signed := Sign(in.AccessKey, key, in.Method, in.Path, body, v.time(t))
			if signed.Signature != want.Signature {
				t.Errorf("signature: got %s, want %s", signed.Signature, want.Signature)
			}
			for name, value := range want.Headers {
				if got := signed.Headers(in.AccessKey)[name]; got != value {
					t.Errorf("%s: got %q, want %q", name, got, value)
				}
			}
		})
	}
}

func TestInvalidSecretsAreRefusedWithoutQuotingThem(t *testing.T) {
	for _, c := range loadVectors(t).InvalidSecrets {
		t.Run(c.Name, func(t *testing.T) {
			_, err := NewTransport("http://127.0.0.1", "AK", c.SecretKey, nil)
			if _, ok := err.(*InvalidCredentialsError); !ok {
				t.Fatalf("want InvalidCredentialsError, got %v", err)
			}
			if !strings.HasPrefix(err.Error(), "fosign: the secret key (") {
				t.Errorf("unclear message: %s", err)
			}
			if s := strings.TrimSpace(c.SecretKey); len(s) > 1 && strings.Contains(err.Error(), s) {
				t.Errorf("the message quotes the secret: %s", err)
			}
		})
	}
}

func TestRFC4231KeysDecodeFromTheirSecret(t *testing.T) {
	var cases []struct{ Name, SecretKey, KeyHex string }
	loadJSON(t, "rfc4231.json", &cases)
	for _, c := range cases {
		key, err := DecodeSecretKey(c.SecretKey)
		if err != nil || hex.EncodeToString(key) != c.KeyHex {
			t.Errorf("%s: got %x (%v), want %s", c.Name, key, err, c.KeyHex)
		}
	}
}

func TestAccessKeyThatCannotStandInTheHeaderIsRefused(t *testing.T) {
	for _, ak := range []string{"", "a b", "a:b", "ak\n"} {
		if _, err := NewTransport("http://127.0.0.1", ak, "AAAA", nil); err == nil || !strings.HasPrefix(err.Error(), "fosign: the access key") {
			t.Errorf("%q: got %v", ak, err)
		}
	}
}
