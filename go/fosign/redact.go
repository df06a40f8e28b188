package fosign

import "fmt"

// What every fmt verb prints for a value that holds a key: never the key, in any form.
const redacted = "fosign.Transport{credentials: REDACTED}"

// String prints Transport as redacted; with GoString and Format it does so under every verb (%v %+v %#v %s
// %q %x ...), by value and by pointer, and inside any struct that holds one: fmt asks these methods before it
// looks at fields, so the access key's secret and its decoded bytes never reach a log.
func (t Transport) String() string { return redacted }

// GoString is what %#v prints.
func (t Transport) GoString() string { return redacted }

// Format is what every other verb prints.
func (t Transport) Format(f fmt.State, verb rune) { _, _ = f.Write([]byte(redacted)) }

// secretKey is a decoded key: it prints as redacted too, wherever it is held.
type secretKey []byte

func (secretKey) String() string                { return "REDACTED" }
func (secretKey) GoString() string              { return "REDACTED" }
func (secretKey) Format(f fmt.State, verb rune) { _, _ = f.Write([]byte("REDACTED")) }
