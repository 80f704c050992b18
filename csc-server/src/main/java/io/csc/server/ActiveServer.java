package io.csc.server;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.csc.active.ActiveSession;
import io.csc.active.Answer;
import io.csc.active.AnswerLog;
import io.csc.active.AnsweredQuery;
import io.csc.active.IncrementalClustering;
import io.csc.active.PointPair;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.linalg.DenseMatrix;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The interactive page: one {@link ActiveSession} served over HTTP on one address.
 *
 * <p>Routes: {@code GET /} (the page), {@code GET /app.js}, {@code GET /api/state} (the question,
 * the counts, the score), {@code GET /api/plot?coordinates=pca|embedding} (the scatter plot),
 * {@code POST /api/answer} (JSON {@code {"first":i,"second":j,"answer":"same|different|dont-know"}}),
 * {@code POST /api/undo}, and {@code GET /download/constraints.csv|labels.txt|model.csc}.
 *
 * <p>Safety: it binds to the address given (127.0.0.1 unless told otherwise); a request naming
 * another host than the one it serves is refused (403, against DNS rebinding); every POST must
 * carry the session's random token in {@code X-CSRF-Token} (which only a page of the same origin
 * can read from {@code /api/state}) and a JSON content type, and an {@code Origin} header, when
 * present, must be this server; downloads are chosen from fixed names, so no request names a
 * path. Bad requests get a 4xx with a JSON {@code {"error": "..."}} message.
 */
public final class ActiveServer implements AutoCloseable {

    /** The largest request body: an answer is a few dozen bytes. */
    static final int MAX_BODY = 16_384;

    /** Where Gson's message says a body stopped being JSON. */
    private static final java.util.regex.Pattern JSON_POSITION = java.util.regex.Pattern.compile("line \\d+ column \\d+");

    /** The header a POST must carry the session's token in. */
    public static final String TOKEN_HEADER = "X-CSRF-Token";
    private static final Set<String> DOWNLOADS = Set.of(SessionFolder.CONSTRAINTS, SessionFolder.LABELS,
            SessionFolder.MODEL);
    private static final Gson GSON = new GsonBuilder().serializeNulls().serializeSpecialFloatingPointValues().disableHtmlEscaping().create();

    private final SessionSettings settings;
    private final SessionFolder folder;
    private final RunContext context;
    private final ActiveSession session;
    private final double[] principalPlane;
    private final String token;
    private Javalin app;
    private String host;

    private ActiveServer(SessionSettings settings, SessionFolder folder, RunContext context, ActiveSession session) {
        this.settings = settings;
        this.folder = folder;
        this.context = context;
        this.session = session;
        this.principalPlane = PrincipalPlane.of(session.clustering().training(), settings.seed());
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        this.token = HexFormat.of().formatHex(random);
    }

    /**
     * Prepares the session: resumes the answers of {@code folder} if it holds some, else starts
     * from {@code initial} (kept in the folder when not empty), fits, and chooses the first
     * question. Call {@link #start} to serve it.
     *
     * @throws IllegalArgumentException if both the folder's answers and initial constraints are given,
     *     or the folder's answers do not fit the data
     */
    public static ActiveServer prepare(SessionSettings settings, SessionFolder folder, ConstraintSet initial) {
        int n = settings.data().size();
        boolean resume = folder.hasAnswers();
        if (resume && !initial.isEmpty()) {
            long answers = folder.answerLines();
            throw new IllegalArgumentException("The session folder " + folder.path() + " holds an earlier session ("
                    + SessionFolder.ANSWERS + (answers >= 0 ? ", " + answers + (answers == 1 ? " answer" : " answers") : "")
                    + "); resume it without --constraints, or give another --session folder");
        }
        folder.requireSameData(settings.data());
        RunContext context = RunContext.of(settings.seed(), settings.threads());
        try {
            IncrementalClustering clustering = IncrementalClustering.start(settings.method(), settings.values(),
                    settings.data(), settings.scaling(), settings.clusters(), context);
            AnswerLog log;
            List<Answer> predictions;
            if (resume) {
                SessionFolder.Recorded recorded = folder.readAnswers(n);
                try {
                    log = AnswerLog.replay(folder.initialConstraints(n), recorded.answers());
                } catch (IllegalArgumentException e) {
                    // the data is the session's (checked above): the file itself repeats or contradicts
                    throw new IllegalArgumentException(folder.file(SessionFolder.ANSWERS) + ", " + e.getMessage()
                            + "; the file repeats a pair or contradicts its earlier answers: remove that line, or "
                            + "start a new session folder");
                }
                predictions = recorded.predictions();
            } else {
                if (!initial.isEmpty()) {
                    folder.keepInitialConstraints(initial);
                }
                log = AnswerLog.startingFrom(initial);
                predictions = List.of();
            }
            ActiveSession session = ActiveSession.start(clustering, settings.strategy(), log, predictions);
            folder.record(log.answers(), session.predictions(), log.constraints());
            return new ActiveServer(settings, folder, context, session);
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }

    /** The session this server serves. */
    public ActiveSession session() {
        return session;
    }

    /** The token every POST must carry in {@value #TOKEN_HEADER}. */
    public String token() {
        return token;
    }

    /**
     * Serves the page on {@code host}:{@code port} (port 0: any free port) and returns the port.
     *
     * @throws IllegalStateException if the address is in use or cannot be bound, with the reason
     */
    public int start(String bindHost, int port) {
        this.host = bindHost;
        app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = MAX_BODY;
            config.routes.before(this::guard);
            config.routes.get("/", ctx -> resource(ctx, "index.html", "text/html; charset=utf-8"));
            config.routes.get("/app.js", ctx -> resource(ctx, "app.js", "text/javascript; charset=utf-8"));
            config.routes.get("/api/state", ctx -> json(ctx, state()));
            config.routes.get("/api/plot", ctx -> json(ctx, plot(ctx.queryParam("coordinates"))));
            // JSON is UTF-8 (RFC 8259): a charset named in the Content-Type, known or not, does not decide
            config.routes.post("/api/answer", ctx -> json(ctx, answer(new String(ctx.bodyAsBytes(), StandardCharsets.UTF_8))));
            config.routes.post("/api/undo", ctx -> json(ctx, undo()));
            config.routes.get("/download/{name}", this::download);
            config.routes.exception(ApiException.class, (e, ctx) -> error(ctx, e.status(), e.getMessage()));
            // the session folder cannot be written: nothing changed, and it can be put right outside the server
            config.routes.exception(UncheckedIOException.class, (e, ctx) -> error(ctx, 503, e.getMessage()
                    + "; nothing was changed: make " + folder.path() + " writable (or free space on its disk) and try again"));
            config.routes.exception(Exception.class, (e, ctx) -> error(ctx, 500, "Internal error: "
                    + (e.getMessage() == null ? "an unexpected failure" : printable(e.getMessage()))));
            config.routes.error(404, ctx -> {
                if (ctx.result() == null || ctx.result().isEmpty() || !ctx.result().startsWith("{")) {
                    String allowed = allowedMethod(ctx.path());
                    if (ctx.path().startsWith("/download/") && ctx.method().name().equals(allowed)) {
                        error(ctx, 404, noDownload(ctx.path().substring("/download/".length())));
                    } else if (allowed != null) {
                        error(ctx, 405, ctx.method() + " is not served on " + printable(ctx.path()) + ": use " + allowed);
                    } else {
                        error(ctx, 404, "No such page: " + printable(ctx.path()));
                    }
                }
            });
            config.routes.error(413, ctx -> error(ctx, 413, "The body is larger than " + MAX_BODY / 1024
                    + " KB: send {\"first\": i, \"second\": j, \"answer\": ...} alone"));
        });
        try {
            app.start(bindHost, port);
        } catch (RuntimeException e) {
            app = null;
            throw new IllegalStateException("Cannot serve on " + bindHost + ":" + port + ": " + rootMessage(e), e);
        }
        return app.port();
    }

    /** The method a path of this server is served with, or null for a path it does not serve. */
    static String allowedMethod(String path) {
        return switch (path) {
            case "/", "/app.js", "/api/state", "/api/plot" -> "GET";
            case "/api/answer", "/api/undo" -> "POST";
            default -> path.startsWith("/download/") ? "GET" : null;
        };
    }

    /** Stops serving and releases the fits' threads. */
    @Override
    public void close() {
        if (app != null) {
            app.stop();
        }
        context.close();
    }

    private void guard(Context ctx) {
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("X-Frame-Options", "DENY");
        ctx.header("Referrer-Policy", "no-referrer");
        ctx.header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                + "img-src 'self' data:; frame-ancestors 'none'");
        ctx.header("Cache-Control", "no-store");
        String requestHost = hostName(ctx.header("Host"));
        if (!isServedHost(requestHost)) {
            throw new ApiException(403, "Requests must name this server's host (" + host + "), not '"
                    + printable(requestHost) + "'");
        }
        if (ctx.method().name().equals("POST")) {
            String origin = ctx.header("Origin");
            if (origin != null && !origin.equals("http://" + ctx.header("Host"))) {
                throw new ApiException(403, "Cross-site request refused: origin " + printable(origin));
            }
            if (!token.equals(ctx.header(TOKEN_HEADER))) {
                throw new ApiException(403, "Missing or wrong " + TOKEN_HEADER + " header: reload the page");
            }
            // the header as sent: Jetty's parsed content type throws on a charset it does not know
            String type = ctx.header("Content-Type");
            if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
                throw new ApiException(415, "POST bodies must be application/json");
            }
        }
    }

    private boolean isServedHost(String requestHost) {
        if (requestHost == null) {
            return false;
        }
        if (requestHost.equalsIgnoreCase(host)) {
            return true;
        }
        boolean loopback = host.equals("127.0.0.1") || host.equalsIgnoreCase("localhost") || host.equals("::1");
        boolean wildcard = host.equals("0.0.0.0") || host.equals("::");
        return wildcard || (loopback && (requestHost.equals("127.0.0.1") || requestHost.equalsIgnoreCase("localhost")
                || requestHost.equals("[::1]")));
    }

    private static String hostName(String hostHeader) {
        if (hostHeader == null) {
            return null;
        }
        if (hostHeader.startsWith("[")) {
            int end = hostHeader.indexOf(']');
            return end < 0 ? hostHeader : hostHeader.substring(0, end + 1);
        }
        int colon = hostHeader.lastIndexOf(':');
        return colon < 0 ? hostHeader : hostHeader.substring(0, colon);
    }

    private Map<String, Object> state() {
        synchronized (session) {
            IncrementalClustering.Update current = session.current();
            AnswerLog log = session.log();
            Map<String, Object> state = new LinkedHashMap<>();
            state.put("data", settings.dataName());
            state.put("points", settings.data().size());
            state.put("features", settings.data().dimension());
            state.put("clusters", settings.clusters());
            state.put("method", settings.method().name());
            state.put("strategy", settings.strategy().name());
            state.put("folder", folder.path().toString());
            state.put("answered", log.size());
            state.put("mustLinks", log.constraints().mustLinkCount());
            state.put("cannotLinks", log.constraints().cannotLinkCount());
            state.put("canUndo", log.size() > 0);
            state.put("changed", current.changed());
            state.put("fitSeconds", current.seconds());
            state.put("preparationSeconds", session.clustering().preparationSeconds());
            Map<String, Object> score = new LinkedHashMap<>();
            double fMeasure = session.score().fMeasure();
            score.put("fMeasure", Double.isNaN(fMeasure) ? null : fMeasure);
            score.put("scored", session.score().counts().mustLinks() + session.score().counts().cannotLinks());
            score.put("agreed", session.score().counts().satisfiedMustLinks()
                    + session.score().counts().satisfiedCannotLinks());
            state.put("score", score);
            state.put("question", session.question().map(pair -> PairView.of(settings.data(),
                    session.clustering().training(), settings.imageWidth(), pair.first(), pair.second())).orElse(null));
            state.put("embeddingColumns", current.result().embedding() == null ? 0
                    : current.result().embedding().columns());
            state.put("token", token);
            return state;
        }
    }

    private Map<String, Object> plot(String coordinates) {
        String wanted = coordinates == null ? "pca" : coordinates.trim().toLowerCase(Locale.ROOT);
        if (!wanted.equals("pca") && !wanted.equals("embedding")) {
            throw new ApiException(400, "Invalid coordinates '" + printable(wanted) + "': use pca or embedding");
        }
        IncrementalClustering.Update current = session.current();
        int n = settings.data().size();
        double[] x = new double[n];
        double[] y = new double[n];
        DenseMatrix embedding = current.result().embedding();
        boolean useEmbedding = wanted.equals("embedding") && embedding != null && embedding.columns() >= 1;
        for (int i = 0; i < n; i++) {
            x[i] = useEmbedding ? embedding.get(i, 0) : principalPlane[2 * i];
            y[i] = useEmbedding && embedding.columns() >= 2 ? embedding.get(i, 1) : principalPlane[2 * i + 1];
        }
        Map<String, Object> plot = new LinkedHashMap<>();
        plot.put("coordinates", useEmbedding ? (embedding.columns() >= 2 ? "embedding"
                : "embedding column 1 against the first principal component") : "pca");
        plot.put("x", x);
        plot.put("y", y);
        plot.put("colour", current.colouredLabels());
        plot.put("question", session.question().map(pair -> new int[] {pair.first(), pair.second()}).orElse(null));
        return plot;
    }

    private Map<String, Object> answer(String body) {
        JsonObject request;
        try {
            JsonElement parsed = JsonParser.parseString(body == null ? "" : body);
            if (!parsed.isJsonObject()) {
                throw new ApiException(400, "The body must be a JSON object {\"first\": i, \"second\": j, \"answer\": ...}");
            }
            request = parsed.getAsJsonObject();
        } catch (JsonParseException e) {
            // Gson's message names its own classes and settings; only where the text went wrong is the user's
            java.util.regex.Matcher where = JSON_POSITION.matcher(String.valueOf(e.getMessage()));
            throw new ApiException(400, "The body is not JSON" + (where.find() ? " (" + where.group() + ")" : "")
                    + ": send {\"first\": i, \"second\": j, \"answer\": \"same\" | \"different\" | \"dont-know\"}");
        }
        int first = integer(request, "first");
        int second = integer(request, "second");
        if (!request.has("answer") || !request.get("answer").isJsonPrimitive()) {
            throw new ApiException(400, "Missing or non-text 'answer': give \"same\", \"different\" or \"dont-know\"");
        }
        Answer answer;
        try {
            answer = Answer.parse(request.get("answer").getAsString());
            PointPair pair = new PointPair(first, second);
            synchronized (session) {
                session.answer(pair, answer);
                try {
                    save();
                } catch (RuntimeException unsaved) {
                    session.undo();   // memory keeps what the folder holds: an answer not saved is not given
                    throw unsaved;
                }
            }
        } catch (IllegalArgumentException e) {
            throw new ApiException(400, e.getMessage());
        } catch (IllegalStateException e) {
            throw new ApiException(409, e.getMessage() + "; reload the question");
        }
        return state();
    }

    private Map<String, Object> undo() {
        synchronized (session) {
            List<AnsweredQuery> answers = session.log().answers();
            if (answers.isEmpty()) {
                throw new ApiException(409, "No answer to take back");
            }
            AnsweredQuery last = answers.get(answers.size() - 1);
            session.undo();
            try {
                save();
            } catch (RuntimeException unsaved) {
                // an undo not saved is not made: the folder would give the answer back on a restart
                session.answer(last.pair(), last.answer());
                throw unsaved;
            }
        }
        return state();
    }

    private void save() {
        AnswerLog log = session.log();
        folder.record(log.answers(), session.predictions(), log.constraints());
    }

    private void download(Context ctx) throws IOException {
        String name = ctx.pathParam("name");
        if (!DOWNLOADS.contains(name)) {
            throw new ApiException(404, noDownload(name));
        }
        Path file;
        synchronized (session) {
            file = switch (name) {
                case SessionFolder.LABELS -> folder.writeLabels(session.current().result().labels());
                case SessionFolder.MODEL -> folder.writeModel(session.model());
                // written afresh like the others: the file on disk may have been moved or edited by hand
                default -> folder.writeConstraints(session.log().constraints());
            };
        }
        ctx.header("Content-Disposition", "attachment; filename=\"" + name + "\"");
        ctx.contentType(name.endsWith(".csc") ? "application/octet-stream" : "text/plain; charset=utf-8");
        ctx.result(Files.readAllBytes(file));
    }

    /** The message for a download {@code name} that is none of the session's files. */
    private static String noDownload(String name) {
        return "No download called '" + printable(name) + "': there are "
                + String.join(", ", List.of(SessionFolder.CONSTRAINTS, SessionFolder.LABELS, SessionFolder.MODEL));
    }

    private static int integer(JsonObject request, String field) {
        JsonElement value = request.get(field);
        if (value == null || !value.isJsonPrimitive() || !value.getAsJsonPrimitive().isNumber()) {
            throw new ApiException(400, "Missing or non-numeric '" + field + "': give the point index of the question");
        }
        double number = value.getAsDouble();
        if (number != Math.rint(number) || number < 0 || number > Integer.MAX_VALUE) {
            throw new ApiException(400, "Invalid '" + field + "': " + value + " (a point index, an integer >= 0)");
        }
        return (int) number;
    }

    private static void resource(Context ctx, String name, String type) throws IOException {
        try (InputStream in = ActiveServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new ApiException(500, "The page's resource " + name + " is missing from the build");
            }
            ctx.contentType(type).result(in.readAllBytes());
        }
    }

    private static void json(Context ctx, Object value) {
        ctx.contentType("application/json; charset=utf-8").result(GSON.toJson(value));
    }

    private static void error(Context ctx, int status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", message);
        ctx.status(status);
        json(ctx, body);
    }

    private static String printable(String text) {
        if (text == null) {
            return "";
        }
        String shown = text.length() > 80 ? text.substring(0, 80) + "..." : text;
        return shown.replaceAll("\\p{Cntrl}", "?");
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
