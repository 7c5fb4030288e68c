package dev.widefeed.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.widefeed.generated.ApiClient;
import dev.widefeed.generated.ApiException;
import dev.widefeed.generated.api.CommentsApi;
import dev.widefeed.generated.api.LikesApi;
import dev.widefeed.generated.api.PostsApi;
import dev.widefeed.generated.api.RelationsApi;
import dev.widefeed.generated.api.TimelinesApi;
import dev.widefeed.generated.api.UsersApi;
import dev.widefeed.generated.model.CommentRequest;
import dev.widefeed.generated.model.CreateUserRequest;
import dev.widefeed.generated.model.CreatedUserView;
import dev.widefeed.generated.model.PostRequest;
import dev.widefeed.generated.model.PostView;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A Java client generated at build time from the OpenAPI description the service publishes (openapi-generator, as a
 * team consuming the API would make one) runs the daily loop on every {@link TestBackend}: sign up, post, follow,
 * read the home page, like, comment. Nothing here is written for this service but the scenario.
 */
@BackendContract
public class GeneratedClientContract {
    private final TestBackend backend;

    GeneratedClientContract(TestBackend backend) {
        this.backend = backend;
    }

    /** A client of the service acting with {@code token}, or with none. */
    private ApiClient client(String token) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(backend.api().baseUri().toString());
        if (token != null) {
            client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        }
        return client;
    }

    private CreatedUserView signUp(String name) throws ApiException {
        return new UsersApi(client(null))
                .signUp(
                        new CreateUserRequest()
                                .name(name)
                                .handle(name + "_"
                                        + UUID.randomUUID().toString().substring(0, 8))
                                .password("correct horse battery"),
                        null);
    }

    @Test
    void theDailyLoopRunsThroughAGeneratedClient() throws Exception {
        CreatedUserView ada = signUp("ada");
        CreatedUserView bob = signUp("bob");
        String adaId = ada.getUser().getId();
        String bobId = bob.getUser().getId();
        assertThat(ada.getToken()).isNotBlank();

        new RelationsApi(client(ada.getToken())).follow(adaId, bobId);
        TimelinesApi adaTimelines = new TimelinesApi(client(ada.getToken()));
        assertThat(adaTimelines.getHome(adaId, null, null, null).getItems()).isEmpty();

        PostView post = new PostsApi(client(bob.getToken()))
                .createPost(new PostRequest().content("hello from a generated client"), "loop-" + UUID.randomUUID());
        assertThat(post.getContent()).isEqualTo("hello from a generated client");
        await("bob's post on ada's home page")
                .atMost(dev.widefeed.testing.ApiClient.BACKGROUND_WORK)
                .until(() -> adaTimelines.getHome(adaId, 20, null, null).getItems().stream()
                        .anyMatch(p -> p.getId().equals(post.getId())));

        assertThat(new LikesApi(client(ada.getToken())).likePost(post.getId()).getLiked())
                .isTrue();
        var comment = new CommentsApi(client(ada.getToken()))
                .createComment(post.getId(), new CommentRequest().content("welcome"), null);
        assertThat(comment.getContent()).isEqualTo("welcome");
        PostView seen = new PostsApi(client(ada.getToken())).getPost(post.getId());
        assertThat(seen.getCounts().getLikes()).isEqualTo(1);
        assertThat(seen.getCounts().getComments()).isEqualTo(1);

        assertThatThrownBy(() -> new PostsApi(client(null)).getPost(post.getId()))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.getCode()).isEqualTo(401));
    }
}
