package roundtrip

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The program in go/README.md, built against this repository's hook and generated client, runs
// against the mock.
func TestTheReadmeProgramRunsAgainstTheMock(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllSubmatch(readme, -1)
	if len(blocks) != 1 {
		t.Fatalf("want one Go block in the README, found %d", len(blocks))
	}
	hook, _ := filepath.Abs("..")
	client, _ := filepath.Abs(filepath.Join("..", "..", "out", "clients", "go"))
	dir := t.TempDir()
	goMod := "module readme\n\ngo 1.23\n\nrequire (\n\texample.com/financial-operations-api/foapi v0.0.0\n\tfosign v0.0.0\n)\n\n" +
		"replace (\n\texample.com/financial-operations-api/foapi => " + client + "\n\tfosign => " + hook + "\n)\n"
	document := filepath.Join(dir, "memorandum.pdf")
	for name, content := range map[string][]byte{"go.mod": []byte(goMod), "main.go": blocks[0][1], "memorandum.pdf": []byte("%PDF-1.7\n\x00 example\n%%EOF")} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	run := exec.Command("go", "run", ".")
	run.Dir = dir
	run.Env = append(os.Environ(), "FO_BASE_URL="+theMock.URL, "FO_ACCESS_KEY="+theMock.AccessKey, "FO_SECRET_KEY="+theMock.SecretKey, "FO_DOCUMENT="+document)
	out, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	for _, line := range []string{"quote ", "listed RFI cases", "uploaded"} {
		if !strings.Contains(string(out), line) {
			t.Errorf("output lacks %q:\n%s", line, out)
		}
	}
}
