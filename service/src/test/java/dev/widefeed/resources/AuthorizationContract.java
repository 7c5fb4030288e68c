package dev.widefeed.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * Acting on someone else's things: ada, with her own valid token, tries every write (and the reads
 * that are the owner's alone) on bob's. Each is 403 in the contract's error shape, and bob's world
 * reads back unchanged. It runs on every {@link TestBackend}.
 */
@BackendContract
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class AuthorizationContract {
    /** A request by ada on something of bob's; audience rows wait for their endpoints. */
    private record Attempt(String method, String path, String body, boolean audience) {
        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    private SweepWorld world;
    private Map<String, JsonNode> before;

    /** Set before each backend's run: one instance (PER_CLASS) serves every backend, so no constructor takes it. */
    @Parameter
    private TestBackend backend;

    private ApiClient api() {
        return backend.api();
    }

    @BeforeParameterizedClassInvocation
    void createTheWorld() {
        world = new SweepWorld(api());
        before = world.snapshot();
    }

    @AfterEach
    void theWorldIsUnchanged() {
        assertThat(world.snapshot()).isEqualTo(before);
    }

    private List<Attempt> attempts() {
        String ada = world.ada.id();
        String bob = world.bob.id();
        String carl = world.carl.id();
        String tag = SweepWorld.TAG;
        return List.of(
                // bob follows carl, not ada: ada would make him follow her, or stop following carl.
                new Attempt("PUT", "/v1/users/" + bob + "/following/" + ada, null, false),
                new Attempt("DELETE", "/v1/users/" + bob + "/following/" + carl, null, false),
                new Attempt("POST", "/v1/users/" + bob + "/following", "{\"ids\":[\"" + ada + "\"]}", false),
                new Attempt("DELETE", "/v1/posts/" + world.bobPost, null, false),
                // carl's comment on bob's post: only carl or bob may delete it.
                new Attempt("DELETE", "/v1/comments/" + world.carlComment, null, false),
                new Attempt("GET", "/v1/users/" + bob + "/home", null, false),
                new Attempt("GET", "/v1/posts/" + world.bobPost + "/fanout", null, false),
                new Attempt("PUT", "/v1/users/" + bob + "/tags/" + tag + "/members/" + ada, null, true),
                new Attempt("DELETE", "/v1/users/" + bob + "/tags/" + tag + "/members/" + carl, null, true),
                new Attempt("GET", "/v1/users/" + bob + "/tags", null, true),
                // ada is a member of bob's group, not its owner
                new Attempt("PUT", "/v1/groups/" + world.bobGroup + "/members/" + world.dora.id(), null, true),
                new Attempt("DELETE", "/v1/groups/" + world.bobGroup + "/members/" + carl, null, true),
                new Attempt("PUT", "/v1/users/" + bob + "/hidden/" + ada, null, true),
                new Attempt("DELETE", "/v1/users/" + bob + "/hidden/" + carl, null, true),
                new Attempt("PUT", "/v1/users/" + bob + "/blocked/" + ada, null, true),
                new Attempt("DELETE", "/v1/users/" + bob + "/blocked/" + carl, null, true),
                new Attempt("GET", "/v1/users/" + bob + "/hidden", null, true),
                new Attempt("GET", "/v1/users/" + bob + "/blocked", null, true),
                new Attempt("GET", "/v1/posts/" + world.bobPost + "/audience/" + ada, null, true));
    }

    @Test
    void actingOnSomeoneElsesThingsIs403() {
        List<String> failures = new ArrayList<>();
        int tried = 0;
        for (Attempt attempt : attempts()) {
            if (attempt.audience() && !ContractEndpoints.AUDIENCE_ENDPOINTS_SERVED) {
                continue;
            }
            tried++;
            Entity<String> body = attempt.body() == null ? null : Entity.json(attempt.body());
            if (body == null && attempt.method().equals("PUT")) {
                body = Entity.json("");
            }
            try (Response r = api().request(attempt.path(), world.ada.token()).method(attempt.method(), body)) {
                JsonNode error = r.getStatus() == 403 ? r.readEntity(JsonNode.class) : null;
                if (error == null
                        || error.path("code").asInt() != 403
                        || error.path("message").asText().isBlank()) {
                    failures.add(attempt + ": " + r.getStatus());
                }
            }
        }
        assertThat(tried).isPositive();
        assertThat(failures).as("attempts on bob's things not answered 403").isEmpty();
    }

    @Test
    void theSameAttemptsWithBobsTokenAreAllowed() {
        // The 403s above are about whose token it is, not about the requests: bob may make them.
        for (Attempt attempt : attempts()) {
            boolean served = !attempt.audience() || ContractEndpoints.AUDIENCE_ENDPOINTS_SERVED;
            if (!served || !attempt.method().equals("GET")) {
                continue; // bob's own writes would change the world this class keeps unchanged
            }
            try (Response r = api().request(attempt.path(), world.bob.token()).get()) {
                assertThat(r.getStatus()).as("%s by bob", attempt).isEqualTo(200);
            }
        }
    }
}
