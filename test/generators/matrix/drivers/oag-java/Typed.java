// Compiled, never run: the RFI list's success body is typed, so getTotal() is an Integer (not Object).
import org.openapitools.client.ApiClient;
import org.openapitools.client.ApiException;
import org.openapitools.client.api.RfiCasesApi;

public class Typed {
  static int typedTotal(ApiClient client) throws ApiException {
    Integer total =
        new RfiCasesApi(client).listRfiCases("c", null, null, null, null, null, null, null, null).getTotal();
    return total;
  }
}
