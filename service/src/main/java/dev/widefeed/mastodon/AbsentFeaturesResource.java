package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.RequiresScope;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What clients ask for at start-up that the service does not have (docs/mastodon.md, "Favourites and what is not supported"):
 * answered as Mastodon answers a server where none was made, so an app starts instead of showing an error.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class AbsentFeaturesResource {
    @GET
    @Path("/v1/custom_emojis")
    public List<Object> customEmojis() {
        return List.of();
    }

    @GET
    @Path("/v1/announcements")
    @RequiresScope("read")
    public List<Object> announcements(@Auth AppUser me) {
        return List.of();
    }

    @GET
    @Path("/v1/filters")
    @RequiresScope("read:filters")
    public List<Object> filters(@Auth AppUser me) {
        return List.of();
    }

    @GET
    @Path("/v2/filters")
    @RequiresScope("read:filters")
    public List<Object> filtersV2(@Auth AppUser me) {
        return List.of();
    }

    @GET
    @Path("/v1/lists")
    @RequiresScope("read:lists")
    public List<Object> lists(@Auth AppUser me) {
        return List.of();
    }

    @GET
    @Path("/v1/follow_requests")
    @RequiresScope("read:follows")
    public List<Object> followRequests(@Auth AppUser me) {
        return List.of(); // accounts are not locked: nobody asks to follow
    }

    @GET
    @Path("/v1/bookmarks")
    @RequiresScope("read:bookmarks")
    public List<Object> bookmarks(@Auth AppUser me) {
        return List.of();
    }

    @GET
    @Path("/v1/conversations")
    @RequiresScope("read:statuses")
    public List<Object> conversations(@Auth AppUser me) {
        return List.of();
    }

    @GET
    @Path("/v1/preferences")
    @RequiresScope("read:accounts")
    public Map<String, Object> preferences(@Auth AppUser me) {
        Map<String, Object> preferences = new LinkedHashMap<>();
        preferences.put("posting:default:visibility", "public");
        preferences.put("posting:default:sensitive", false);
        preferences.put("posting:default:language", null);
        preferences.put("reading:expand:media", "default");
        preferences.put("reading:expand:spoilers", false);
        return preferences;
    }
}
