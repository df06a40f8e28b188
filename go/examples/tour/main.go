// Command tour calls every operation of the Financial Operations API once, from the Go module, and prints
// what it did; then what the client refuses: a wrong secret (the documented 401), a redirect, an oversized
// body. Run it against the stateful mock in production-auth mode (`npx fo-mock --stateful --auth production --keys
// FILE`, from the npm package financial-operations-api-mock; see docs/python-go.md):
//
//	FO_BASE_URL=http://127.0.0.1:4010 FO_ACCESS_KEY=... FO_SECRET_KEY=... go run .
//
// Each run makes its own Idempotency-Keys and account number, so it can run again against the same mock.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"example.com/financial-operations-api/v2/foapi"
	"example.com/financial-operations-api/v2/foclient"
	"example.com/financial-operations-api/v2/fosign"
)

const customer = "c0ffee00-0000-4000-8000-000000000001"

// amount is the quote's one amount. The reference does not name the two amount fields: "pay_amount" is a
// placeholder, the stateful mock's default; put your contract's name here. The document leaves the member
// unnamed: the generated models keep it in AdditionalProperties when read from JSON, and send it.
const amount = `"pay_amount": "100.00"`

// uuidV4 is a new Idempotency-Key: a UUID v4 per new operation, as the reference asks.
func uuidV4() string {
	b := make([]byte, 16)
	must(rand.Read(b))
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

var (
	ctx     = context.Background()
	results = map[string]string{}
	order   []string
)

// from reads a model of the generated client from its JSON.
func from[T any](doc string) T {
	var v T
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		log.Fatalf("%T: %v", v, err)
	}
	return v
}

func must[T any](v T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return v
}

// record prints and keeps one call's outcome; any failure ends the tour.
func record(operation string, res *http.Response, err error) {
	if err != nil {
		if apiErr := foclient.ErrorOf(res, err); apiErr != nil {
			log.Fatalf("%s: %v", operation, apiErr)
		}
		log.Fatalf("%s: %v", operation, err)
	}
	results[operation] = fmt.Sprint(res.StatusCode)
	order = append(order, operation)
	fmt.Printf("%s: HTTP %d\n", operation, res.StatusCode)
}

func main() {
	baseURL, accessKey, secretKey := os.Getenv("FO_BASE_URL"), os.Getenv("FO_ACCESS_KEY"), os.Getenv("FO_SECRET_KEY")
	portfolioToken := os.Getenv("FO_PORTFOLIO_TOKEN")
	if portfolioToken == "" {
		portfolioToken = "portfolio-token"
	}
	api, err := foclient.NewProduction(baseURL, accessKey, secretKey)
	if err != nil {
		log.Fatal(err) // a malformed secret is refused here; the message never holds it
	}
	portfolio, err := foclient.NewPortfolio(baseURL, portfolioToken)
	if err != nil {
		log.Fatal(err)
	}

	_, res, err := api.RFICasesAPI.ListRfiCases(ctx, customer).RfiStatus([]foapi.RfiStatus{foapi.ACTION_REQUIRED}).Page(1).Size(10).Execute()
	record("listRfiCases", res, err)
	_, res, err = api.RFICasesAPI.CreateRfiCase(ctx, customer).RequestBody(map[string]interface{}{}).Execute()
	record("createRfiCase", res, err)
	_, res, err = api.RFICasesAPI.SubmitRfiCaseAnswer(ctx, customer, "case-1").RequestBody(map[string]interface{}{"type": "TEXT", "text": "Salary."}).Execute()
	record("submitRfiCaseAnswer", res, err)
	_, res, err = api.RFICasesAPI.PreviewTransactionRequirement(ctx, customer).RequestBody(map[string]interface{}{}).Execute()
	record("previewTransactionRequirement", res, err)

	_, res, err = api.DepositInstructionsAPI.GetDefaultDepositInstruction(ctx, customer).Execute()
	record("getDefaultDepositInstruction", res, err)
	_, res, err = api.DepositInstructionsAPI.ListAllDepositInstructions(ctx).Execute()
	record("listAllDepositInstructions", res, err)
	_, res, err = api.DepositInstructionsAPI.CreateDepositInstruction(ctx).Execute()
	record("createDepositInstruction", res, err)
	_, res, err = api.DepositInstructionsAPI.GetDepositInstruction(ctx, "dep-1").Execute()
	record("getDepositInstruction", res, err)

	// A fresh account number each run: identical banking details are refused with 409.
	var n [8]byte
	must(rand.Read(n[:]))
	account := fmt.Sprintf(`{"network": "US_ACH", "account_holder_name": "Acme Trading LLC", "currency": "USD",
		"country_code": "USA", "account_number": "%012d", "institution_id": "021000021"}`, binary.BigEndian.Uint64(n[:])%1e12)
	key := uuidV4()
	_, res, err = api.ExternalAccountsAPI.ListExternalAccounts(ctx, customer).IdempotencyKey(key).Execute()
	record("listExternalAccounts", res, err)
	_, res, err = api.ExternalAccountsAPI.CreateExternalAccount(ctx, customer).IdempotencyKey(key).BankAccountDetails(from[foapi.BankAccountDetails](account)).Execute()
	record("createExternalAccount", res, err)
	_, res, err = api.RecipientsAPI.CreateRecipientBankAccount(ctx, customer, "rcp-1").BankAccountDetails(from[foapi.BankAccountDetails](account)).Execute()
	record("createRecipientBankAccount", res, err)
	_, res, err = api.RecipientsAPI.CreateRecipient(ctx, customer).Recipient(from[foapi.Recipient](`{"bank_accounts": [` + account + `]}`)).Execute()
	record("createRecipient", res, err)

	_, res, err = api.OnboardingAPI.ListBusinesses(ctx, "acc-main-1").Execute()
	record("listBusinesses", res, err)
	_, res, err = api.OnboardingAPI.SignBusinessOnboardingTerms(ctx).TermsSignatureRequest(*foapi.NewTermsSignatureRequest("https://app.example.com/done")).Execute()
	record("signBusinessOnboardingTerms", res, err)
	pdf := foclient.Document{Data: []byte("%PDF-1.7\n\x00\xff binary \r\n%%EOF"), FileName: "memorandum.pdf", MimeType: "application/pdf"}
	res, err = foclient.UploadBusinessDocument(ctx, api, "acc-main-1", "sub-1", "MEMORANDUM_OF_ASSOCIATION", pdf)
	record("uploadBusinessDocument", res, err)
	res, err = foclient.UploadBusinessControllerDocument(ctx, api, "acc-main-1", "sub-1", "ctl-1", "MEMORANDUM_OF_ASSOCIATION", pdf)
	record("uploadBusinessControllerDocument", res, err)
	pdf.FileName = "pièce d'identité.pdf"
	res, err = foclient.UploadIndividualDocument(ctx, api, "acc-main-1", "sub-2", "MEMORANDUM_OF_ASSOCIATION", pdf)
	record("uploadIndividualDocument", res, err)

	quote, res, err := api.ConversionsAPI.CreateQuote(ctx, customer).QuoteRequest(from[foapi.QuoteRequest](`{"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}, ` + amount + `}`)).Execute()
	record("createQuote", res, err)
	executed, res, err := api.ConversionsAPI.ExecuteQuote(ctx, customer).ExecuteQuoteRequest(*foapi.NewExecuteQuoteRequest(quote.GetQuoteId())).Execute()
	record("executeQuote", res, err)
	_, res, err = api.ConversionsAPI.GetConversion(ctx, customer).TransactionId(executed.GetTransactionId()).Execute()
	record("getConversion", res, err)

	portfolioQuote, res, err := portfolio.PortfolioConversionsAPI.CreatePortfolioQuote(ctx, "pf-1").PortfolioQuoteRequest(from[foapi.PortfolioQuoteRequest](`{"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}, ` + amount + `}`)).Execute()
	record("createPortfolioQuote", res, err)
	hedge, res, err := portfolio.PortfolioConversionsAPI.CreatePortfolioHedge(ctx, "pf-1").IdempotencyKey(uuidV4()).PortfolioHedgeRequest(foapi.PortfolioHedgeRequest{QuoteId: portfolioQuote.QuoteId}).Execute()
	record("createPortfolioHedge", res, err)
	// Where a hedge's answer carries its conversion_id is not shown: the mock puts it at the top level.
	_, res, err = portfolio.PortfolioConversionsAPI.GetPortfolioHedge(ctx, "pf-1").ConversionId(fmt.Sprint(hedge["conversion_id"])).Execute()
	record("getPortfolioHedge", res, err)

	// A wrong secret: the documented 401, its envelope and code.
	secret := make([]byte, 32)
	_, _ = rand.Read(secret)
	wrong, err := foclient.NewProduction(baseURL, accessKey, base64.RawURLEncoding.EncodeToString(secret))
	if err != nil {
		log.Fatal(err)
	}
	_, res, err = wrong.DepositInstructionsAPI.ListAllDepositInstructions(ctx).Execute()
	if apiErr := foclient.ErrorOf(res, err); apiErr != nil {
		results["wrong secret"] = fmt.Sprintf("%d %s", apiErr.Status, apiErr.Code)
		fmt.Println("wrong secret:", apiErr)
	}

	// A local server: it records the upload it gets, and answers any GET with a 307 towards the API (another origin).
	var got *http.Request
	var gotBody []byte
	local := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			http.Redirect(w, r, baseURL+r.URL.Path, http.StatusTemporaryRedirect)
			return
		}
		got, gotBody = r, must(io.ReadAll(r.Body))
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("{}"))
	}))
	defer local.Close()
	recorded, err := foclient.NewProduction(local.URL, accessKey, secretKey)
	if err != nil {
		log.Fatal(err)
	}

	// The upload arrives byte for byte, with the caller's MIME type and Content-Disposition.
	pdf.FileName = "memorandum.pdf"
	if _, err := foclient.UploadBusinessDocument(ctx, recorded, "acc-main-1", "sub-1", "MEMORANDUM_OF_ASSOCIATION", pdf); err != nil {
		log.Fatal(err)
	}
	exact := bytes.Equal(gotBody, pdf.Data) && got.Header.Get("Content-Type") == pdf.MimeType &&
		got.Header.Get("Content-Disposition") == `attachment; filename="memorandum.pdf"`
	results["upload byte exact"] = map[bool]string{true: "yes", false: "no"}[exact]
	fmt.Printf("upload byte-exact: %d bytes, %s: %v\n", len(gotBody), got.Header.Get("Content-Type"), exact)

	// A redirect: never followed, whatever its target.
	_, _, err = recorded.DepositInstructionsAPI.ListAllDepositInstructions(ctx).Execute()
	var refused *fosign.RedirectError
	if errors.As(err, &refused) {
		results["redirect"] = fmt.Sprintf("refused %d", refused.Status)
		fmt.Println("redirect:", refused)
	}

	// A response larger than the client's bound (here 64 bytes; 16 MiB by default) is not read.
	small, err := foclient.NewProduction(baseURL, accessKey, secretKey, foclient.WithMaxResponseBytes(64))
	if err != nil {
		log.Fatal(err)
	}
	_, _, err = small.RFICasesAPI.ListRfiCases(ctx, customer).Execute()
	var tooLarge *foclient.ResponseTooLargeError
	if errors.As(err, &tooLarge) {
		results["oversized body"] = "refused"
		fmt.Println("oversized body:", tooLarge)
	}

	var line []string
	for _, name := range append(order, "wrong secret", "upload byte exact", "redirect", "oversized body") {
		line = append(line, strings.ReplaceAll(name, " ", "_")+"="+strings.ReplaceAll(results[name], " ", "_"))
	}
	fmt.Println("RESULTS " + strings.Join(line, " "))
	if len(results) != 27 {
		os.Exit(1)
	}
}
