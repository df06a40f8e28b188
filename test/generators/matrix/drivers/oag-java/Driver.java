// OpenAPI Generator java, default options (okhttp-gson). Its upload takes a java.io.File and sets the
// Content-Type the document names, with no per-call override: the caller's MIME type goes in through an
// OkHttp interceptor on the ApiClient's HTTP client, for the upload call only.
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.openapitools.client.ApiClient;
import org.openapitools.client.ApiException;
import org.openapitools.client.api.ConversionsApi;
import org.openapitools.client.api.OnboardingApi;
import org.openapitools.client.api.RfiCasesApi;
import org.openapitools.client.model.FlatError;
import org.openapitools.client.model.ExecuteQuoteRequest;
import org.openapitools.client.model.QuoteRequest;

public class Driver {
  /** The MIME type the next upload is sent with (set around the upload call). */
  static volatile String uploadMime;

  public static void main(String[] args) throws Exception {
    JsonObject scenario =
        JsonParser.parseString(Files.readString(Path.of(System.getenv("MATRIX_SCENARIO")))).getAsJsonObject();
    JsonObject up = scenario.getAsJsonObject("upload");
    String customerId = scenario.get("customer_id").getAsString();
    ApiClient client = new ApiClient();
    client.setBasePath(System.getenv("MATRIX_BASE_URL"));
    client.setHttpClient(client.getHttpClient().newBuilder().addInterceptor(chain -> {
      Request request = chain.request();
      String mime = uploadMime;
      if (mime == null || request.body() == null) return chain.proceed(request);
      okio.Buffer bytes = new okio.Buffer();
      request.body().writeTo(bytes);
      RequestBody body = RequestBody.create(bytes.readByteArray(), MediaType.get(mime));
      return chain.proceed(request.newBuilder().header("Content-Type", mime).method(request.method(), body).build());
    }).build());

    Map<String, Object> result = new LinkedHashMap<>();
    Map<String, String> errors = new LinkedHashMap<>();
    step(errors, "upload", () -> {
      Path file = Files.createTempFile("matrix-upload", ".pdf");
      try {
        Files.write(file, hex(up.get("file_hex").getAsString()));
        uploadMime = up.get("mime_type").getAsString();
        return new OnboardingApi(client).uploadBusinessDocument(
            up.get("content_disposition").getAsString(),
            up.get("main_account_id").getAsString(),
            up.get("sub_account_id").getAsString(),
            up.get("document_type").getAsString(),
            file.toFile());
      } finally {
        uploadMime = null;
        Files.deleteIfExists(file);
      }
    });
    Integer total = step(errors, "list", () ->
        new RfiCasesApi(client).listRfiCases(customerId, null, null, null, null, null, null, null, null).getTotal());
    if (total != null) result.put("total", total);
    String code = step(errors, "quote", () -> {
      try {
        new ConversionsApi(client).createQuote(
            customerId, QuoteRequest.fromJson(scenario.getAsJsonObject("quote").get("request").toString()));
        throw new IllegalStateException("no error");
      } catch (ApiException e) {
        return String.valueOf(FlatError.fromJson(e.getResponseBody()).getCode());
      }
    });
    if (code != null) result.put("unknown_code", code);
    String status = step(errors, "execute", () -> {
      ExecuteQuoteRequest request = new ExecuteQuoteRequest();
      request.setQuoteId(java.util.UUID.fromString(scenario.getAsJsonObject("execute").get("quote_id").getAsString()));
      return String.valueOf(new ConversionsApi(client).executeQuote(customerId, request).getOrderStatus());
    });
    if (status != null) result.put("order_status", status);
    result.put("errors", errors);
    System.out.println(new com.google.gson.Gson().toJson(result));
    System.exit(0);
  }

  static <T> T step(Map<String, String> errors, String name, Callable<T> fn) {
    try {
      return fn.call();
    } catch (Exception e) {
      String message = e.toString() + (e instanceof ApiException ? " " + ((ApiException) e).getResponseBody() : "");
      errors.put(name, message.length() > 600 ? message.substring(0, 600) : message);
      return null;
    }
  }

  static byte[] hex(String s) {
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    return out;
  }
}
