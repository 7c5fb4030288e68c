package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.audience.Audience;
import dev.widefeed.comment.CommentDetails;
import dev.widefeed.comment.CommentReader;
import dev.widefeed.graph.UserService;
import dev.widefeed.idempotency.IdempotentRequests;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeService;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.RequiresScope;
import dev.widefeed.mastodon.oauth.Sha256;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostFingerprints;
import dev.widefeed.post.PostService;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Statuses: posts as Mastodon shows them (docs/mastodon.md, "Statuses"). Posting honours {@code Idempotency-Key}
 * through the same claims as the native API; favourites are likes, reblogs are reposts. Every rule is the
 * services' own: this class only translates.
 */
@Path("/api/v1/statuses")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class StatusesResource {
    private static final Pattern NATIVE_KEY = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private final PostService posts;
    private final LikeService likes;
    private final IdempotentRequests requests;
    private final CommentReader comments;
    private final Accounts accounts;

    public StatusesResource(
            PostService posts,
            LikeService likes,
            IdempotentRequests requests,
            CommentReader comments,
            UserService users) {
        this.posts = posts;
        this.likes = likes;
        this.requests = requests;
        this.comments = comments;
        this.accounts = new Accounts(users);
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @RequiresScope("write:statuses")
    public Entities.Status create(
            @Auth AppUser me,
            MultivaluedMap<String, String> form,
            @HeaderParam("Idempotency-Key") String key,
            @Context UriInfo uri) {
        return create(me, Fields.of(form, uri.getQueryParameters()), key, uri);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope("write:statuses")
    public Entities.Status createJson(
            @Auth AppUser me,
            Map<String, Object> json,
            @HeaderParam("Idempotency-Key") String key,
            @Context UriInfo uri) {
        return create(me, Fields.ofJson(json, uri.getQueryParameters()), key, uri);
    }

    private Entities.Status create(AppUser me, Fields fields, String key, UriInfo uri) {
        String text = fields.get("status").orElse("");
        if (!fields.all("media_ids").isEmpty()) {
            throw new MastodonException(422, "Validation failed: media attachments are not supported here");
        }
        if (fields.get("poll[options]").isPresent() || fields.get("poll").isPresent()) {
            throw new MastodonException(422, "Validation failed: polls are not supported here");
        }
        if (fields.get("scheduled_at").isPresent()) {
            throw new MastodonException(422, "Validation failed: scheduled statuses are not supported here");
        }
        if (fields.get("in_reply_to_id").isPresent()) {
            throw new MastodonException(422, "Validation failed: replies are not supported here yet");
        }
        Audience audience = audience(fields.get("visibility").orElse("public"));
        String spoiler = fields.get("spoiler_text").orElse("");
        String content = spoiler.isBlank() ? text : spoiler.strip() + "\n\n" + text;
        IdempotentRequests.Outcome<PostDetails> outcome = requests.once(
                IdempotentRequests.userScope(me.id()),
                Optional.ofNullable(key).map(StatusesResource::key),
                PostFingerprints.post(content, audience),
                postId -> posts.create(postId, me.id(), content, audience),
                postId -> posts.find(me.id(), postId));
        return accounts.status(outcome.value(), new Presenter(uri.getBaseUri()));
    }

    /**
     * Mastodon's visibilities on the service's audiences: public and unlisted are public (there is no unlisted
     * timeline to leave a post out of); direct is only the author's (it names nobody else by audience); private,
     * for followers only, has no audience that means it.
     */
    static Audience audience(String visibility) {
        return switch (visibility) {
            case "public", "unlisted" -> Audience.PUBLIC;
            case "direct" -> new Audience(Audience.Type.PRIVATE, List.of(), List.of(), List.of());
            case "private" ->
                throw new MastodonException(
                        422, "Validation failed: followers-only statuses are not supported here; use public or direct");
            default -> throw new MastodonException(422, "Validation failed: visibility is not a visibility");
        };
    }

    /** The client's key as the service's claims take it: as it is when it fits, else a digest of it. */
    static String key(String raw) {
        if (NATIVE_KEY.matcher(raw).matches()) {
            return raw;
        }
        if (raw.length() > 1_000) {
            throw new MastodonException(422, "Idempotency-Key is too long");
        }
        return "h" + Sha256.base64Url(raw);
    }

    @GET
    @Path("/{id}")
    @RequiresScope("read:statuses")
    public Entities.Status get(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        return accounts.status(posts.get(me.id(), Ids.of(id)), new Presenter(uri.getBaseUri()));
    }

    @DELETE
    @Path("/{id}")
    @RequiresScope("write:statuses")
    public Entities.Status delete(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long postId = Ids.of(id);
        Entities.Status shown = accounts.status(posts.get(me.id(), postId), new Presenter(uri.getBaseUri()));
        posts.delete(me.id(), postId);
        return shown;
    }

    @POST
    @Path("/{id}/favourite")
    @RequiresScope("write:favourites")
    public Entities.Status favourite(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long postId = Ids.of(id);
        likes.like(me.id(), postId);
        return accounts.status(posts.get(me.id(), postId), new Presenter(uri.getBaseUri()));
    }

    @POST
    @Path("/{id}/unfavourite")
    @RequiresScope("write:favourites")
    public Entities.Status unfavourite(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long postId = Ids.of(id);
        likes.unlike(me.id(), postId);
        return accounts.status(posts.get(me.id(), postId), new Presenter(uri.getBaseUri()));
    }

    /**
     * A reblog is a repost without text; Mastodon answers the reblog, wrapping the status reblogged. Reblogging
     * again answers the same reblog, as Mastodon does: the one my own posts list names, or, for a request repeated
     * before the first has written its entry, the one the reblog's idempotency key claimed.
     */
    @POST
    @Path("/{id}/reblog")
    @RequiresScope("write:statuses")
    public Entities.Status reblog(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long sourceId = Ids.of(id);
        Optional<Long> mine = posts.myRepostOf(me.id(), sourceId);
        if (mine.isPresent()) {
            return accounts.status(posts.get(me.id(), mine.get()), new Presenter(uri.getBaseUri()))
                    .rebloggedByMe();
        }
        IdempotentRequests.Outcome<PostDetails> outcome = requests.once(
                IdempotentRequests.userScope(me.id()),
                Optional.of(reblogKey(sourceId)),
                "POST /api/v1/statuses/" + sourceId + "/reblog",
                repostId -> posts.repost(repostId, me.id(), sourceId, null, Audience.PUBLIC),
                repostId -> posts.find(me.id(), repostId));
        return accounts.status(outcome.value(), new Presenter(uri.getBaseUri())).rebloggedByMe();
    }

    /**
     * Takes back my reblog of the status ({@link PostService#myRepostOf}), and frees the reblog's key so that
     * reblogging again makes a new one; answers the status.
     */
    @POST
    @Path("/{id}/unreblog")
    @RequiresScope("write:statuses")
    public Entities.Status unreblog(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long sourceId = Ids.of(id);
        PostDetails source = posts.get(me.id(), sourceId);
        posts.myRepostOf(me.id(), sourceId).ifPresent(repostId -> {
            posts.delete(me.id(), repostId);
            requests.forget(IdempotentRequests.userScope(me.id()), reblogKey(sourceId));
        });
        return accounts.status(posts.find(me.id(), sourceId).orElse(source), new Presenter(uri.getBaseUri()));
    }

    /** Who reblogged the status: the authors of its reposts, newest first, paged by the repost's id. */
    @GET
    @Path("/{id}/reblogged_by")
    @RequiresScope("read:accounts")
    public Response rebloggedBy(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long postId = Ids.of(id);
        List<PostDetails> page = IdPaging.of(Fields.query(uri))
                .read(
                        (before, limit) -> posts.repostsNewestFirst(me.id(), postId, before, limit),
                        repost -> repost.post().id());
        List<Entities.Account> shown = accounts.inOrder(
                page.stream().map(p -> p.post().authorId()).distinct().toList(), new Presenter(uri.getBaseUri()));
        return IdPaging.answer(
                uri, shown, page, repost -> Long.toString(repost.post().id()));
    }

    private static String reblogKey(long sourceId) {
        return "reblog-" + sourceId;
    }

    /**
     * A status's context: a post has no ancestors, and its descendants are its comments, the first page of them
     * (docs/mastodon.md, "Statuses").
     */
    @GET
    @Path("/{id}/context")
    @RequiresScope("read:statuses")
    public Entities.Context context(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long postId = Ids.of(id);
        Presenter presenter = new Presenter(uri.getBaseUri());
        Entities.Status post = accounts.status(posts.get(me.id(), postId), presenter);
        List<CommentDetails> shown = comments.page(me.id(), postId, 1).items().stream()
                .filter(c -> !c.comment().deleted())
                .toList();
        Map<Long, Entities.Account> authors = accounts.of(
                shown.stream().map(c -> c.comment().authorId()).collect(Collectors.toCollection(LinkedHashSet::new)),
                presenter);
        return new Entities.Context(
                List.of(),
                shown.stream()
                        .filter(c -> authors.containsKey(c.comment().authorId()))
                        .map(c -> presenter.reply(c, post, authors))
                        .toList());
    }

    /** Who favourited the status: its likers, newest first, paged by the like's time and liker. */
    @GET
    @Path("/{id}/favourited_by")
    @RequiresScope("read:accounts")
    public Response favouritedBy(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long postId = Ids.of(id);
        IdPaging<PositionIds> paging = IdPaging.of(Fields.query(uri), PositionIds::parse);
        List<Like> page = paging.read(
                (before, limit) -> likes.likers(
                                me.id(), postId, before.map(p -> new LikeCursor(p.at(), p.second())), limit)
                        .mapNext(c -> PositionIds.of(c.likedAt(), c.id())),
                like -> PositionIds.of(like.likedAt(), like.userId()));
        List<Entities.Account> shown =
                accounts.inOrder(page.stream().map(Like::userId).toList(), new Presenter(uri.getBaseUri()));
        return IdPaging.answer(
                uri, shown, page, l -> PositionIds.of(l.likedAt(), l.userId()).text());
    }
}
