package dev.widefeed.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.api.ErrorView;
import io.dropwizard.core.setup.Environment;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.MimeTypes;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.component.LifeCycle;

/**
 * The errors Jetty answers itself, before a request reaches Jersey (a path with an empty or
 * ambiguous segment, a URI or headers too large, a request line it cannot parse), in the contract's
 * error shape. Jetty's own handler answers those in HTML, and with no body at all to PUT or DELETE.
 */
public final class JsonErrorHandler extends ErrorHandler {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONTENT_TYPE = MimeTypes.Type.APPLICATION_JSON_UTF_8.asString();

    /** Answers the application's errors, both the server's (unparseable requests) and its context's. */
    public static void install(Environment environment) {
        JsonErrorHandler errors = new JsonErrorHandler();
        environment.getApplicationContext().setErrorHandler(errors);
        environment.lifecycle().addEventListener(new LifeCycle.Listener() {
            @Override
            public void lifeCycleStarting(LifeCycle event) {
                if (event instanceof Server server) {
                    server.setErrorHandler(errors);
                }
            }
        });
    }

    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(
            Request request, Response response, int code, String message, Throwable cause, Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, CONTENT_TYPE);
        response.write(true, ByteBuffer.wrap(body(code, message)), callback);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, CONTENT_TYPE);
        return ByteBuffer.wrap(body(status, reason));
    }

    private static byte[] body(int code, String message) {
        // Jetty's message says what is wrong with a client's request; for a server error it could show internals.
        String text = code < 500 && message != null && !message.isBlank() ? message : HttpStatus.getMessage(code);
        try {
            return JSON.writeValueAsBytes(new ErrorView(code, text));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
