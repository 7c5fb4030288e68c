package dev.widefeed.mastodon;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Response;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/**
 * The images an account's {@code avatar} and {@code header} name, so that they resolve (docs/mastodon.md,
 * "Entities"): the service stores no images, so each user's avatar is drawn from their id (a symmetric 5-by-5
 * pattern in a colour of its own), the same every time, and the header is one plain image for everyone. No store
 * is read: an id that names nobody still gets a picture.
 */
@Path("/avatars")
@Hidden
public class AvatarResource {
    private static final int CELLS = 5;
    private static final int CELL = 24;
    private static final int MARGIN = 12;
    private static final CacheControl A_DAY = CacheControl.valueOf("public, max-age=86400");

    private final Cache<Long, byte[]> drawn =
            Caffeine.newBuilder().maximumSize(10_000).build();
    private final byte[] header = png(plainHeader());

    @GET
    @Path("/{id: [0-9]{1,19}}.png")
    @Produces("image/png")
    public Response avatar(@PathParam("id") String id) {
        long userId;
        try {
            userId = Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw new MastodonException(404, "Record not found");
        }
        return Response.ok(drawn.get(userId, key -> png(identicon(key))))
                .cacheControl(A_DAY)
                .build();
    }

    @GET
    @Path("/header.png")
    @Produces("image/png")
    public Response header() {
        return Response.ok(header).cacheControl(A_DAY).build();
    }

    /** A pattern mirrored about its middle column, its cells and colour taken from a mix of the id's bits. */
    static BufferedImage identicon(long id) {
        long bits = mix(id);
        Color colour = Color.getHSBColor((bits >>> 40 & 0xFFF) / 4096f, 0.55f, 0.75f);
        int size = CELLS * CELL + 2 * MARGIN;
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        var g = image.createGraphics();
        try {
            g.setColor(new Color(0xF0F0F0));
            g.fillRect(0, 0, size, size);
            g.setColor(colour);
            for (int row = 0; row < CELLS; row++) {
                for (int col = 0; col <= CELLS / 2; col++) {
                    if ((bits >>> (row * 3 + col) & 1) == 1) {
                        g.fillRect(MARGIN + col * CELL, MARGIN + row * CELL, CELL, CELL);
                        g.fillRect(MARGIN + (CELLS - 1 - col) * CELL, MARGIN + row * CELL, CELL, CELL);
                    }
                }
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    private static BufferedImage plainHeader() {
        BufferedImage image = new BufferedImage(600, 200, BufferedImage.TYPE_INT_RGB);
        var g = image.createGraphics();
        try {
            g.setColor(new Color(0x5B6B8C));
            g.fillRect(0, 0, 600, 200);
        } finally {
            g.dispose();
        }
        return image;
    }

    /** SplitMix64's finaliser: neighbouring ids get unrelated patterns. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static byte[] png(BufferedImage image) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
