package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** NodeInfo 2.0: the software's name and version, as the fediverse's crawlers and some clients read it. */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class NodeInfoResource {
    private final String title;
    private final String version;

    public NodeInfoResource(String title, String version) {
        this.title = title;
        this.version = version;
    }

    @GET
    @Path(".well-known/nodeinfo")
    public Map<String, Object> nodeInfoLinks(@Context UriInfo uri) {
        return Map.of(
                "links",
                List.of(Map.of(
                        "rel",
                        "http://nodeinfo.diaspora.software/ns/schema/2.0",
                        "href",
                        InstanceResource.base(uri) + "/nodeinfo/2.0")));
    }

    @GET
    @Path("nodeinfo/2.0")
    public Map<String, Object> nodeInfo() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("version", "2.0");
        info.put("software", Map.of("name", "widefeed", "version", version));
        info.put("protocols", List.of());
        info.put("services", Map.of("inbound", List.of(), "outbound", List.of()));
        info.put("openRegistrations", false);
        info.put("usage", Map.of("users", Map.of()));
        info.put("metadata", Map.of("nodeName", title));
        return info;
    }
}
