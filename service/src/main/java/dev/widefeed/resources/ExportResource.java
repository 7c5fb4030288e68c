package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.api.ArchiveView;
import dev.widefeed.api.CommentView;
import dev.widefeed.api.FollowView;
import dev.widefeed.api.GroupView;
import dev.widefeed.api.LikedPostView;
import dev.widefeed.api.PostView;
import dev.widefeed.api.TagsView;
import dev.widefeed.api.UserView;
import dev.widefeed.archive.AccountArchive;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.Mark;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.comment.CommentDetails;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserService;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.like.Like;
import dev.widefeed.post.PostDetails;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A user's archive of their own data, streamed as one JSON document while it is read (docs/design.md, "Accounts and
 * sessions"): the profile first, then each list as an array. Rooted at /v1/users like the other user resources.
 */
@Path("/v1/users")
@Tag(name = "users")
@Timed
public class ExportResource {
    static final String FORMAT = "widefeed-archive/1";
    private final UserService users;
    private final AccountArchive archive;
    private final ObjectMapper json;
    private final Clock clock;

    public ExportResource(UserService users, AccountArchive archive, ObjectMapper json, Clock clock) {
        this.users = users;
        this.archive = archive;
        this.json = json;
        this.clock = clock;
    }

    @GET
    @Path("/{id}/export")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "My archive, streamed as one JSON document: {format, exportedAt, user, posts, likes, "
                    + "following, followers, comments, blocked, hidden, tags, groups} (403 for someone else's)")
    @ApiResponse(
            responseCode = "200",
            description = "The archive",
            content = @Content(schema = @Schema(implementation = ArchiveView.class)))
    public Response export(@Auth UserPrincipal me, @PathParam("id") String id) {
        long userId = Params.id(id, "user id");
        Ownership.require(me.id(), userId, "only its owner takes an archive of an account"); // before the 200 goes
        User user = users.get(userId);
        UserView profile = UserView.of(user, users.counts(userId));
        StreamingOutput body = output -> {
            try (JsonGenerator out = json.getFactory().createGenerator(output)) {
                out.writeStartObject();
                out.writeStringField("format", FORMAT);
                out.writeStringField("exportedAt", clock.instant().toString());
                out.writeObjectField("user", profile);
                archive.write(me.id(), userId, new Sections(out));
                out.writeEndObject();
            }
        };
        return Response.ok(body)
                .header("Content-Disposition", "attachment; filename=\"widefeed-" + userId + ".json\"")
                .build();
    }

    /** Writes each section as a JSON array of the views clients know. */
    private record Sections(JsonGenerator out) implements AccountArchive.Sections {
        @Override
        public void posts(Consumer<Consumer<PostDetails>> each) {
            array("posts", each, PostView::of);
        }

        @Override
        public void likes(Consumer<Consumer<Like>> each) {
            array("likes", each, LikedPostView::of);
        }

        @Override
        public void following(Consumer<Consumer<Follow>> each) {
            array("following", each, FollowView::of);
        }

        @Override
        public void followers(Consumer<Consumer<Follow>> each) {
            array("followers", each, FollowView::of);
        }

        @Override
        public void comments(Consumer<Consumer<CommentDetails>> each) {
            array("comments", each, CommentView::of);
        }

        @Override
        public void marked(Mark mark, Consumer<Consumer<Long>> each) {
            array(mark.kind() == Mark.Kind.BLOCKED ? "blocked" : "hidden", each, String::valueOf);
        }

        @Override
        public void tags(List<AudienceService.Tag> tags) {
            write(() -> out.writeObjectField("tags", TagsView.of(tags).items()));
        }

        @Override
        public void groups(Consumer<Consumer<AccountArchive.OwnedGroup>> each) {
            array(
                    "groups",
                    each,
                    g -> new ArchiveView.OwnedGroupView(
                            GroupView.of(g.group()),
                            g.members().stream().map(String::valueOf).toList()));
        }

        private <T> void array(String name, Consumer<Consumer<T>> each, Function<T, Object> view) {
            write(() -> out.writeArrayFieldStart(name));
            each.accept(item -> write(() -> out.writeObject(view.apply(item))));
            write(out::writeEndArray);
        }

        private static void write(IoStep step) {
            try {
                step.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e); // the client went away: the stream ends
            }
        }
    }

    private interface IoStep {
        void run() throws IOException;
    }

    /** A group of mine as the archive holds it. */
}
