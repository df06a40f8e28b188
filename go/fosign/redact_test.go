package fosign

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

// Every fmt verb, flag and wrapper, over random keys: no form of the secret (its text, its bytes raw, in
// hex either case, as Go's byte-slice or decimal listing, in Base64) appears in what is printed.
func TestNoFmtVerbPrintsTheKey(t *testing.T) {
	verbs := []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "% x", "%d", "%T %v", "%10v", "%-v", "%#q", "%#x", "%p %v"}
	for i := 0; i < 50; i++ {
		raw := make([]byte, 16+i)
		if _, err := rand.Read(raw); err != nil {
			t.Fatal(err)
		}
		secret := base64.RawURLEncoding.EncodeToString(raw)
		transport, err := NewTransport("https://api.example", "AK_fmt", secret, nil)
		if err != nil {
			t.Fatal(err)
		}
		holders := map[string]any{
			"*Transport":      transport,
			"Transport":       *transport,
			"struct{T}":       struct{ T *Transport }{transport},
			"struct{T value}": struct{ T Transport }{*transport},
			"[]any":           []any{transport},
			"map":             map[string]*Transport{"t": transport},
			"key":             transport.key,
		}
		bearer, err := NewBearerTransport("https://api.example", secret, nil)
		if err != nil {
			t.Fatal(err)
		}
		holders["*BearerTransport"], holders["BearerTransport"], holders["struct{B}"] = bearer, *bearer, struct{ B BearerTransport }{*bearer}
		forms := []string{secret, string(raw), hex.EncodeToString(raw), strings.ToUpper(hex.EncodeToString(raw)), fmt.Sprint([]byte(raw)), fmt.Sprintf("%#v", []byte(raw)), fmt.Sprintf("% x", raw), base64.StdEncoding.EncodeToString(raw)}
		for name, holder := range holders {
			for _, verb := range verbs {
				var out string
				switch verb {
				case "%T %v":
					out = fmt.Sprintf(verb, holder, holder)
				case "%p %v":
					out = fmt.Sprintf("%v", holder)
				default:
					out = fmt.Sprintf(verb, holder)
				}
				for _, form := range forms {
					if len(form) > 0 && strings.Contains(out, form) {
						t.Fatalf("%s printed with %s shows the key: %s", name, verb, out)
					}
				}
			}
		}
		if s := transport.String() + transport.GoString(); !strings.Contains(s, "REDACTED") {
			t.Fatalf("String/GoString: %s", s)
		}
	}
}
