// Command journeys is the journey table's Go column (docs/journeys.md): the module walks every journey of the
// table against the stateful mock in production auth and prints `JOURNEY <id> <outcomes>` for
// scripts/journeys.mjs, which sets the environment it reads.
//
// Retries and the timeout are the module's defaults, but for the timeout journeys' client_timeout_ms
// (foclient.WithTimeout bounds the whole call, retries included). Reconciliation after an unknown execute is the
// reference's procedure: the transactions around the request time (the path of List Transactions is not shown:
// the table's list_transactions input), then Get Conversion of each for the quote_id.
package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strings"
	"time"

	"example.com/financial-operations-api/v2/foapi"
	"example.com/financial-operations-api/v2/foclient"
)

type journey struct {
	ID                  string           `json:"id"`
	Kind                string           `json:"kind"`
	Faults              []map[string]any `json:"faults"`
	AdvanceClockSeconds int              `json:"advance_clock_seconds"`
	ExecuteAgain        bool             `json:"execute_again"`
	Reconcile           bool             `json:"reconcile"`
	ClientTimeoutMs     int              `json:"client_timeout_ms"`
	Amount              string           `json:"amount"`
	AccountNumber       string           `json:"account_number"`
}

type inputs struct {
	CustomerID       string            `json:"customer_id"`
	FromAsset        map[string]any    `json:"from_asset"`
	ToAsset          map[string]any    `json:"to_asset"`
	Amount           map[string]string `json:"amount"`
	BankAccount      map[string]string `json:"bank_account"`
	ListTransactions string            `json:"list_transactions"`
}

var (
	ctx                                       = context.Background()
	baseURL, accessKey, secretKey, controlKey = os.Getenv("FO_BASE_URL"), os.Getenv("FO_ACCESS_KEY"), os.Getenv("FO_SECRET_KEY"), os.Getenv("FO_MOCK_CONTROL_TOKEN")
	// controlURL is the mock's own address for its control API, where FO_BASE_URL is a proxy in front of it
	// (journeys --record).
	controlURL = cmp.Or(os.Getenv("FO_MOCK_CONTROL_URL"), baseURL)
)

// control makes a control call of the mock (JSON, the control token) and decodes its answer into out.
func control(method, route string, body, out any) error {
	var payload io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		payload = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, controlURL+"/__mock"+route, payload)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+controlKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("control %s %s: %d %s", method, route, res.StatusCode, data)
	}
	if out != nil && len(data) > 0 {
		return json.Unmarshal(data, out)
	}
	return nil
}

// transactions lists the transaction ids ten minutes either side of the request time (the reference's window).
func transactions(in inputs, requestTime time.Time) ([]string, error) {
	query := url.Values{
		"customer_id":    {in.CustomerID},
		"created_after":  {requestTime.Add(-10 * time.Minute).UTC().Format(time.RFC3339Nano)},
		"created_before": {requestTime.Add(10 * time.Minute).UTC().Format(time.RFC3339Nano)},
	}
	var page struct {
		List []struct {
			TransactionID string `json:"transaction_id"`
		} `json:"list"`
	}
	if err := control("GET", strings.TrimPrefix(in.ListTransactions, "/__mock")+"?"+query.Encode(), nil, &page); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(page.List))
	for _, t := range page.List {
		ids = append(ids, t.TransactionID)
	}
	return ids, nil
}

// failure is the token of a call that ended in an error: the API error's status and code, or the timeout.
func failure(res *http.Response, err error) string {
	if apiErr := foclient.ErrorOf(res, err); apiErr != nil {
		if apiErr.Code != "" {
			return fmt.Sprintf("%d %s", apiErr.Status, apiErr.Code)
		}
		return fmt.Sprint(apiErr.Status)
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return "timeout"
	}
	text := strings.Join(strings.Fields(strings.SplitN(err.Error(), "\n", 2)[0]), " ")
	return "error " + text[:min(len(text), 200)]
}

// theAccount says whether the lookup by key holds exactly the account sent (and, when given, the one created).
func theAccount(lookup any, sent map[string]string, created map[string]any) string {
	doc, _ := lookup.(map[string]any)
	items, _ := doc["list"].([]any)
	if len(items) == 0 {
		return "no account"
	}
	if len(items) > 1 {
		return fmt.Sprintf("%d accounts", len(items))
	}
	account, _ := items[0].(map[string]any)
	for k, v := range sent {
		if account[k] != v {
			return "another account"
		}
	}
	if created != nil && !reflect.DeepEqual(created, account) {
		return "another account"
	}
	return "the account"
}

func client(j journey) *foapi.APIClient {
	var opts []foclient.Option
	if j.ClientTimeoutMs > 0 {
		opts = append(opts, foclient.WithTimeout(time.Duration(j.ClientTimeoutMs)*time.Millisecond))
	}
	api, err := foclient.NewProduction(baseURL, accessKey, secretKey, opts...)
	if err != nil {
		log.Fatal(err)
	}
	return api
}

func conversion(j journey, in inputs) []string {
	api := client(j).ConversionsAPI
	body := map[string]any{"from_asset": in.FromAsset, "to_asset": in.ToAsset}
	for field, value := range in.Amount {
		body[field] = value
	}
	// The amount is a member the document leaves unnamed: it travels in AdditionalProperties.
	var request foapi.QuoteRequest
	data, _ := json.Marshal(body)
	if err := json.Unmarshal(data, &request); err != nil {
		return []string{"error " + err.Error()}
	}
	quote, res, err := api.CreateQuote(ctx, in.CustomerID).QuoteRequest(request).Execute()
	if err != nil {
		return []string{failure(res, err)}
	}
	out := []string{fmt.Sprint(res.StatusCode)}
	if j.AdvanceClockSeconds > 0 {
		if err := control("POST", "/clock", map[string]int{"advance_seconds": j.AdvanceClockSeconds}, nil); err != nil {
			return append(out, "error "+err.Error())
		}
	}
	execute := func() (*foapi.ConversionOrder, *http.Response, error) {
		return api.ExecuteQuote(ctx, in.CustomerID).ExecuteQuoteRequest(*foapi.NewExecuteQuoteRequest(quote.GetQuoteId())).Execute()
	}
	requestTime := time.Now()
	order, res, err := execute()
	if err != nil && foclient.ErrorOf(res, err) == nil {
		// No answer: the outcome is unknown, whatever stopped it.
		out = append(out, "unknown")
		if !j.Reconcile {
			return out
		}
		ids, err := transactions(in, requestTime)
		if err != nil {
			return append(out, "error "+err.Error())
		}
		for _, id := range ids {
			read, _, err := api.GetConversion(ctx, in.CustomerID).TransactionId(id).Execute()
			if err == nil && read.GetQuoteId() == quote.GetQuoteId() {
				return append(out, "found")
			}
		}
		return append(out, "not-found-yet")
	}
	if err != nil {
		return append(out, failure(res, err))
	}
	out = append(out, fmt.Sprintf("%d %s", res.StatusCode, order.GetOrderStatus()))
	if j.ExecuteAgain {
		_, res, err := execute()
		if err != nil {
			return append(out, failure(res, err))
		}
		return append(out, fmt.Sprint(res.StatusCode))
	}
	read, res, err := api.GetConversion(ctx, in.CustomerID).TransactionId(order.GetTransactionId()).Execute()
	if err != nil {
		return append(out, failure(res, err))
	}
	if read.GetQuoteId() != quote.GetQuoteId() {
		return append(out, fmt.Sprintf("%d another quote_id", res.StatusCode))
	}
	return append(out, fmt.Sprintf("%d quote_id", res.StatusCode))
}

func rfiList(j journey, in inputs) []string {
	list, res, err := client(j).RFICasesAPI.ListRfiCases(ctx, in.CustomerID).Execute()
	if err != nil {
		return []string{failure(res, err)}
	}
	if list.List == nil {
		return []string{fmt.Sprint(res.StatusCode)}
	}
	return []string{fmt.Sprintf("%d list", res.StatusCode)}
}

func newKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func externalAccount(j journey, in inputs) []string {
	key := newKey()
	var details foapi.BankAccountDetails
	data, _ := json.Marshal(in.BankAccount)
	if err := json.Unmarshal(data, &details); err != nil {
		return []string{"error " + err.Error()}
	}
	var first string
	var created map[string]any
	_, res, err := client(j).ExternalAccountsAPI.CreateExternalAccount(ctx, in.CustomerID).IdempotencyKey(key).BankAccountDetails(details).Execute()
	if err != nil {
		first = failure(res, err)
	} else {
		first = fmt.Sprint(res.StatusCode)
		// The generated client leaves the body it read in place: the account as sent back.
		raw, _ := io.ReadAll(res.Body)
		_ = json.Unmarshal(raw, &created)
	}
	lookup, res, err := client(journey{}).ExternalAccountsAPI.ListExternalAccounts(ctx, in.CustomerID).IdempotencyKey(key).Execute()
	if err != nil {
		return []string{first, failure(res, err)}
	}
	return []string{first, fmt.Sprintf("%d %s", res.StatusCode, theAccount(lookup, in.BankAccount, created))}
}

func main() {
	if !strings.HasPrefix(controlURL, "http://127.0.0.1:") && !strings.HasPrefix(controlURL, "http://localhost:") {
		log.Fatal("The mock must be local (http://127.0.0.1:PORT): the journeys drive its control API.")
	}
	data, err := os.ReadFile(os.Getenv("FO_JOURNEYS"))
	if err != nil {
		log.Fatal(err)
	}
	var table struct {
		Inputs   inputs    `json:"inputs"`
		Journeys []journey `json:"journeys"`
	}
	if err := json.Unmarshal(data, &table); err != nil {
		log.Fatal(err)
	}
	only := map[string]bool{}
	for _, id := range strings.Split(os.Getenv("FO_JOURNEY_IDS"), ",") {
		if id != "" {
			only[id] = true
		}
	}
	walks := map[string]func(journey, inputs) []string{"conversion": conversion, "rfi-list": rfiList, "external-account": externalAccount}
	for _, j := range table.Journeys {
		if len(only) > 0 && !only[j.ID] {
			continue
		}
		if err := control("POST", "/reset", nil, nil); err != nil {
			log.Fatal(err)
		}
		for _, fault := range j.Faults {
			if err := control("POST", "/faults", fault, nil); err != nil {
				log.Fatal(err)
			}
		}
		outcomes := walks[j.Kind](j, inputsOf(j, table.Inputs))
		line, _ := json.Marshal(outcomes)
		fmt.Printf("JOURNEY %s %s\n", j.ID, line)
	}
}

// inputsOf gives the journey its own amount value and account number in place of the table's ($distinct).
func inputsOf(j journey, in inputs) inputs {
	own := in
	if j.Amount != "" {
		own.Amount = map[string]string{}
		for field := range in.Amount {
			own.Amount[field] = j.Amount
		}
	}
	if j.AccountNumber != "" {
		own.BankAccount = map[string]string{}
		for k, v := range in.BankAccount {
			own.BankAccount[k] = v
		}
		own.BankAccount["account_number"] = j.AccountNumber
	}
	return own
}
