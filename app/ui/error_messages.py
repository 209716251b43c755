"""The rest of the lower layers' English error texts, as translation sources (no Qt: the CLI shares them).

``error_texts`` has the first ones and the mechanism. Here are the messages and hints of every typed error
the store, the model layer (model files, downloads, the model server), the core and the data folder can
raise, so that none reaches a Russian screen in English. ``tests/test_error_texts.py`` walks every error
class and every place one is raised and fails when a text is not here (or has no translation).

``MESSAGE_TEMPLATES`` are messages with names and numbers in them, written exactly as the English
message with ``{placeholders}`` where the raising code puts values: ``error_texts`` matches a message
against each (a placeholder matches any text) and fills the translated template with what it matched.
Each placeholder's value is itself translated when it is one of these texts (an import's "Row 3 of
"message": the text is not text." is a row plus a problem). Order matters: the more specific first.
"""

from __future__ import annotations

from app.ui.tr_noop import QT_TRANSLATE_NOOP

MORE_TEXTS = (
    # app.store
    QT_TRANSLATE_NOOP("Errors", "Run `hearth backup` first, or give the path of a backup file."),
    QT_TRANSLATE_NOOP("Errors", "Choose another (older) backup."),
    QT_TRANSLATE_NOOP("Errors", "Update Hearth, then restore it."),
    QT_TRANSLATE_NOOP("Errors", "Choose another backup file."),
    QT_TRANSLATE_NOOP("Errors", "A token count cannot be negative."),
    QT_TRANSLATE_NOOP("Errors", "The diary is still in use."),
    QT_TRANSLATE_NOOP("Errors", "This diary is encrypted."),
    QT_TRANSLATE_NOOP("Errors", "The new copy of the diary failed its integrity check."),
    QT_TRANSLATE_NOOP("Errors", "The new copy of the diary does not hold every row."),
    QT_TRANSLATE_NOOP("Errors", "The diary could not be copied; it is unchanged."),
    QT_TRANSLATE_NOOP("Errors", "The diary was locked."),
    QT_TRANSLATE_NOOP("Errors", "Unlock it again."),
    QT_TRANSLATE_NOOP("Errors", "The model's process is not running."),
    QT_TRANSLATE_NOOP("Errors", "The model's process is not answering."),
    QT_TRANSLATE_NOOP("Errors", "Close other programs, lower the context size or choose a smaller model, "
                                "then load it again."),
    QT_TRANSLATE_NOOP("Errors", "Only the latest version of a reflection can be revised."),
    QT_TRANSLATE_NOOP("Errors", "This fact was deleted by the person and is not re-created automatically."),
    QT_TRANSLATE_NOOP("Errors", "This file is not a Hearth JSON export."),
    QT_TRANSLATE_NOOP("Errors", "Export with `hearth export --format json`."),
    QT_TRANSLATE_NOOP("Errors", "Update Hearth."),
    QT_TRANSLATE_NOOP("Errors", "Nothing was imported. Import a file made by `hearth export --format json`, "
                                "unchanged."),
    QT_TRANSLATE_NOOP("Errors", "The disk (or the diary file) is full: this change was not saved."),
    QT_TRANSLATE_NOOP("Errors", "The disk is full: the diary could not be written."),
    QT_TRANSLATE_NOOP("Errors", "The diary file is damaged."),
    QT_TRANSLATE_NOOP("Errors", "The diary file is damaged and cannot be opened safely."),
    QT_TRANSLATE_NOOP("Errors", "The diary is busy (another program holds it)."),
    QT_TRANSLATE_NOOP("Errors", "Close other Hearth windows and try again."),
    QT_TRANSLATE_NOOP("Errors", "The diary file is read-only."),
    QT_TRANSLATE_NOOP("Errors", "Check the permissions of the data directory."),
    QT_TRANSLATE_NOOP("Errors", "The diary file could not be read or written."),
    QT_TRANSLATE_NOOP("Errors", "Check the disk and try again."),
    QT_TRANSLATE_NOOP("Errors", "The change conflicts with what is stored."),
    QT_TRANSLATE_NOOP("Errors", "Refresh and try again."),
    QT_TRANSLATE_NOOP("Errors", "A few unrelated words make a strong one that is easy to remember."),
    QT_TRANSLATE_NOOP("Errors", "Enter the diary's passphrase."),
    QT_TRANSLATE_NOOP("Errors", "The last things written to the diary were damaged on disk, and Hearth could "
                                "not keep a copy of them before opening it."),
    QT_TRANSLATE_NOOP("Errors", "Free some disk space and start Hearth again: the diary was not opened or "
                                "changed."),
    # app.core.turn: a reply with no words
    QT_TRANSLATE_NOOP("Errors", "The model ended its reply before writing a word."),
    QT_TRANSLATE_NOOP("Errors", "Send the message again; if it keeps happening, choose another model."),
    # app.cli: passphrases from a terminal or a file
    QT_TRANSLATE_NOOP("Errors", "Check the path in the variable."),
    QT_TRANSLATE_NOOP("Errors", "Put only the passphrase in it."),
    QT_TRANSLATE_NOOP("Errors", "Save the passphrase in it as UTF-8."),
    QT_TRANSLATE_NOOP("Errors", "Put the passphrase in it."),
    QT_TRANSLATE_NOOP("Errors", "A passphrase is needed and there is no terminal to ask on."),
    QT_TRANSLATE_NOOP("Errors", "The two passphrases differ; nothing was changed."),
    QT_TRANSLATE_NOOP("Errors", "The diary failed its integrity check after the change."),
    QT_TRANSLATE_NOOP("Errors", "That passphrase does not open this diary."),
    QT_TRANSLATE_NOOP("Errors", "The person deleted this fact; automatic memory must not bring it back."),
    QT_TRANSLATE_NOOP("Errors", "Import into an empty diary: use another --data-dir, or run "
                                "`hearth forget-everything --yes` first."),
    QT_TRANSLATE_NOOP("Errors", "Check the passphrase (and the keyboard layout) and try again. A forgotten "
                                "passphrase cannot be recovered, by design; `hearth forget-everything --yes` "
                                "erases the diary to start over."),
    QT_TRANSLATE_NOOP("Errors", "Enter the passphrase (scripts: put it in a file and name it in "
                                "HEARTH_PASSPHRASE_FILE). A forgotten passphrase cannot be recovered, by "
                                "design; `hearth forget-everything --yes` erases the diary to start over."),
    QT_TRANSLATE_NOOP("Errors", "Nothing was lost. Free some disk space or close other Hearth windows, then "
                                "try again."),
    QT_TRANSLATE_NOOP("Errors", "the row is not an object"),
    # app.llm: the engine, model files, downloads
    QT_TRANSLATE_NOOP("Errors", "The meaning model was closed."),
    QT_TRANSLATE_NOOP("Errors", "The meaning model answered something else than vectors."),
    QT_TRANSLATE_NOOP("Errors", "Nothing to evaluate: the prompt is empty."),
    QT_TRANSLATE_NOOP("Errors", "Use e.g. 4096."),
    QT_TRANSLATE_NOOP("Errors", "No model is available: nothing is downloaded and the built-in model is "
                                "missing."),
    QT_TRANSLATE_NOOP("Errors", "Download the recommended model (`hearth models pull`) or choose a .gguf "
                                "file."),
    QT_TRANSLATE_NOOP("Errors", "Check the internet connection (or HF_ENDPOINT) and pull again: it resumes "
                                "where it stopped."),
    QT_TRANSLATE_NOOP("Errors", "Start the download again: it resumes where it stopped."),
    QT_TRANSLATE_NOOP("Errors", "Check HF_ENDPOINT: it must point to the Hugging Face hub or a faithful "
                                "mirror."),
    QT_TRANSLATE_NOOP("Errors", "The model catalog may be out of date, or HF_ENDPOINT points to a mirror "
                                "without this model."),
    QT_TRANSLATE_NOOP("Errors", "Check the internet connection (or HF_ENDPOINT) and try again."),
    QT_TRANSLATE_NOOP("Errors", "Check free disk space and permissions of the data directory, then pull "
                                "again."),
    QT_TRANSLATE_NOOP("Errors", "Free some disk space, then download the model again."),
    QT_TRANSLATE_NOOP("Errors", "The model catalog lists no models."),
    QT_TRANSLATE_NOOP("Errors", "Recall still works by words. Reinstall Hearth (make run) to bring back "
                                "recall by meaning."),
    # app.llm: the model server
    QT_TRANSLATE_NOOP("Errors", "Check the server's address in the model manager and that the server is "
                                "running."),
    QT_TRANSLATE_NOOP("Errors", "Start the model server (or check its address and port in the model "
                                "manager), then try again."),
    QT_TRANSLATE_NOOP("Errors", "The server did not answer in time. It may be busy or overloaded; try again, "
                                "or use a smaller model."),
    QT_TRANSLATE_NOOP("Errors", "The server refused the API key. Enter the key the server expects in the "
                                "model manager."),
    QT_TRANSLATE_NOOP("Errors", "Press Test connection to list the models this server has, and choose one "
                                "of them."),
    QT_TRANSLATE_NOOP("Errors", "Lower Hearth's context size to the server's, or start the server with a "
                                "larger context (llama.cpp: -c, llama-cpp-python: --n_ctx)."),
    QT_TRANSLATE_NOOP("Errors", "The secure connection failed (certificate not trusted or expired, or the "
                                "server speaks plain http). Check the address's http/https and the server's "
                                "certificate."),
    QT_TRANSLATE_NOOP("Errors", "Enter the address as http://host:port (a computer at home) or https://host "
                                "(anywhere else)."),
    QT_TRANSLATE_NOOP("Errors", "The part of the reply that arrived is kept, marked interrupted. Check the "
                                "server and try again."),
    QT_TRANSLATE_NOOP("Errors", "Another request reached the server while it was answering (another "
                                "program, or Test connection in the model manager), and llama-cpp-python's "
                                "server then stops the reply (unless it is started with --interrupt_requests "
                                "False). Whatever had arrived is kept, marked interrupted."),
    QT_TRANSLATE_NOOP("Errors", "Turn encryption on here with the backup's passphrase (Settings ▸ Privacy, "
                                "or `hearth encryption on`), then restore it; `hearth restore` into a new "
                                "diary asks for it."),
    QT_TRANSLATE_NOOP("Errors", "That passphrase does not open the backup."),
    QT_TRANSLATE_NOOP("Errors", "The backup is encrypted and this diary is not."),
    QT_TRANSLATE_NOOP("Errors", "Turn encryption on here with the backup's passphrase (Settings ▸ Privacy), "
                                "then restore it."),
    QT_TRANSLATE_NOOP("Errors", "Try again."),
    QT_TRANSLATE_NOOP("Errors", "The diary file is damaged, and another Hearth window or `hearth chat` has "
                                "it open."),
    QT_TRANSLATE_NOOP("Errors", "Close that window or chat; the next start checks the file and repairs it."),
    QT_TRANSLATE_NOOP("Errors", "The diary is encrypted; this export would be plain text."),
    QT_TRANSLATE_NOOP("Errors", "Add --plaintext to write it anyway, or use --format encrypted --out FILE."),
    QT_TRANSLATE_NOOP("Errors", "The diary is not encrypted."),
    QT_TRANSLATE_NOOP("Errors", "Turn it on with `hearth encryption on` first."),
    QT_TRANSLATE_NOOP("Errors", "An encrypted archive needs a file."),
    QT_TRANSLATE_NOOP("Errors", "Add --out FILE."),
    QT_TRANSLATE_NOOP("Errors", "The server's own message says what went wrong; check the server's log."),
    QT_TRANSLATE_NOOP("Errors", "The prompt does not fit the server's context."),
    QT_TRANSLATE_NOOP("Errors", "The server has no such model."),
    QT_TRANSLATE_NOOP("Errors", "The connection to the model server is closed."),
    QT_TRANSLATE_NOOP("Errors", "Connect to the server again."),
    QT_TRANSLATE_NOOP("Errors", "The server does not report prompt token counts."),
    QT_TRANSLATE_NOOP("Errors", "No server address was entered."),
    QT_TRANSLATE_NOOP("Errors", "The address may not carry a user name, password, query or fragment."),
    QT_TRANSLATE_NOOP("Errors", "Enter just http(s)://host:port; put an API key in the API key field."),
    QT_TRANSLATE_NOOP("Errors", "Use an https:// address for a server outside your home network."),
    QT_TRANSLATE_NOOP("Errors", "Confirm that your prompts may be sent there (the model manager asks; "
                                "`hearth chat` takes --allow-remote)."),
    # app.core
    QT_TRANSLATE_NOOP("Errors", "Choose a larger context size in the model settings, or a shorter reply "
                                "length."),
    QT_TRANSLATE_NOOP("Errors", "The model's answer was not the expected JSON object."),
    # app.config: the data folder
    QT_TRANSLATE_NOOP("Errors", "Choose an empty folder or one that holds a Hearth diary (--data-dir DIR)."),
    QT_TRANSLATE_NOOP("Errors", "The folder given with --data-dir is empty."),
    QT_TRANSLATE_NOOP("Errors", "Name a folder: --data-dir FOLDER."),
    QT_TRANSLATE_NOOP("Errors", "Check the path, or give the whole path without ~."),
    # pictures (app.store.images, app.store.attachments, app.core.pictures)
    QT_TRANSLATE_NOOP("Errors", "The picture file was not found."),
    QT_TRANSLATE_NOOP("Errors", "Check the path and try again."),
    QT_TRANSLATE_NOOP("Errors", "The picture is larger than 32 MB."),
    QT_TRANSLATE_NOOP("Errors", "The picture has more than 100 megapixels."),
    QT_TRANSLATE_NOOP("Errors", "The picture cannot be read: the file is damaged or not a picture."),
    QT_TRANSLATE_NOOP("Errors", "The picture file is empty (0 bytes)."),
    QT_TRANSLATE_NOOP("Errors", "Check that the picture finished copying or downloading, then attach it "
                                "again."),
    QT_TRANSLATE_NOOP("Errors", "Hearth reads PNG, JPEG, WebP and GIF pictures; this file is another kind."),
    QT_TRANSLATE_NOOP("Errors", "Attach a smaller copy: most photo apps can export one (up to 32 MB, "
                                "100 megapixels)."),
    QT_TRANSLATE_NOOP("Errors", "Open it in an image viewer, save it as PNG or JPEG, and attach that copy."),
    QT_TRANSLATE_NOOP("Errors", "The picture is kept; its text can be read again later."),
    QT_TRANSLATE_NOOP("Errors", "There is no picture to attach."),
    QT_TRANSLATE_NOOP("Errors", "Unknown text-reading state."),
    QT_TRANSLATE_NOOP("Errors", "Tesseract is not installed."),
    QT_TRANSLATE_NOOP("Errors", "Tesseract could not be started."),
    QT_TRANSLATE_NOOP("Errors", "Reading the picture's text took too long."),
    QT_TRANSLATE_NOOP("Errors", "Tesseract could not read the picture."),
    # app.core.ritual (write mode, "Go deeper")
    QT_TRANSLATE_NOOP("Errors", "There is nothing to answer yet."),
    QT_TRANSLATE_NOOP("Errors", "Hearth has already answered your last entry."),
    QT_TRANSLATE_NOOP("Errors", "Write more, or ask it to go deeper."),
    QT_TRANSLATE_NOOP("Errors", "There is nothing to go deeper into yet."),
)

MESSAGE_TEMPLATES = (
    QT_TRANSLATE_NOOP("Errors", "{raw} names the home folder of a user this computer does not have."),
    # app.cli: passphrases from a file
    QT_TRANSLATE_NOOP("Errors", "{variable} names a file that cannot be read ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "The file in {variable} is too long for a passphrase."),
    QT_TRANSLATE_NOOP("Errors", "The file in {variable} is not UTF-8 text."),
    QT_TRANSLATE_NOOP("Errors", "The file in {variable} is empty."),
    QT_TRANSLATE_NOOP("Errors", "Put it in a file and name the file in {variable}."),
    # app.store
    QT_TRANSLATE_NOOP("Errors", "Unknown opening question source or state: {source}, {state}."),
    QT_TRANSLATE_NOOP("Errors", "Unknown opening question state {value}."),
    QT_TRANSLATE_NOOP("Errors", "A mood is a whole number from 1 to 5, not {value}."),
    QT_TRANSLATE_NOOP("Errors", "Unknown role {value}; expected one of {options}."),
    QT_TRANSLATE_NOOP("Errors", "Unknown status {value}; expected one of {options}."),
    QT_TRANSLATE_NOOP("Errors", "Unknown summary kind {value}; expected one of {options}."),
    QT_TRANSLATE_NOOP("Errors", "Unknown fact kind {value}; expected one of {options}."),
    QT_TRANSLATE_NOOP("Errors", "Unknown fact source {value}; expected manual or automatic."),
    QT_TRANSLATE_NOOP("Errors", "Importance must be a whole number from 1 to 5, not {value}."),
    QT_TRANSLATE_NOOP("Errors", "No backup at {path}."),
    QT_TRANSLATE_NOOP("Errors", "The backup {name} was written by a newer Hearth."),
    QT_TRANSLATE_NOOP("Errors", "The backup {name} is encrypted with another passphrase (or is not a Hearth "
                                "backup)."),
    QT_TRANSLATE_NOOP("Errors", "The backup {name} is encrypted and this diary is not (or it is not a Hearth "
                                "backup)."),
    QT_TRANSLATE_NOOP("Errors", "It was moved aside to {name}."),
    QT_TRANSLATE_NOOP("Errors", "The last things written to it were damaged too: copies of the damaged log "
                                "and of the diary file as it was are kept beside it, as {log} and {base}."),
    QT_TRANSLATE_NOOP("Errors", "The last things written to it were damaged too: a copy of the damaged log "
                                "is kept beside it, as {log}."),
    QT_TRANSLATE_NOOP("Errors", "Expected text, got {type}."),
    QT_TRANSLATE_NOOP("Errors", "Unsupported export version {version}."),
    QT_TRANSLATE_NOOP("Errors", "The export's \"{key}\" is not a list of rows."),
    QT_TRANSLATE_NOOP("Errors", "A passphrase needs at least {n} characters."),
    QT_TRANSLATE_NOOP("Errors", "{path} is bigger than {n} MB, the most Hearth imports."),
    QT_TRANSLATE_NOOP("Errors", "{name} is not UTF-8 text, so it is not a Hearth JSON export."),
    QT_TRANSLATE_NOOP("Errors", "{name} nests its JSON too deeply to be a Hearth export."),
    QT_TRANSLATE_NOOP("Errors", "{name} is not valid JSON (line {line}, column {column})."),
    QT_TRANSLATE_NOOP("Errors", "{name} is not valid JSON."),
    QT_TRANSLATE_NOOP("Errors", "A row of \"{table}\" refers to a missing row of \"{target}\"."),
    QT_TRANSLATE_NOOP("Errors", "The export has {n} rows; at most {limit} can be imported."),
    QT_TRANSLATE_NOOP("Errors", "Row {n} of \"{table}\" ({key} {id}): {problem}."),
    QT_TRANSLATE_NOOP("Errors", "Row {n} of \"{table}\": {problem}."),
    QT_TRANSLATE_NOOP("Errors", "the row is malformed"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is not a whole number from {low} to {high}"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is not a whole number from {low}"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is not true or false"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is not one of {options}"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is not text"),
    QT_TRANSLATE_NOOP("Errors", "the {name} has {count} characters; at most {limit} are allowed"),
    QT_TRANSLATE_NOOP("Errors", "the {name} has more than {limit} characters"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is empty"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is not a hexadecimal fingerprint"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is not a valid date (YYYY-MM-DD)"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is not a valid date and time (YYYY-MM-DD HH:MM:SS)"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is missing"),
    QT_TRANSLATE_NOOP("Errors", "the export has more than {limit} characters of text in all"),
    QT_TRANSLATE_NOOP("Errors", "the {name} is already used by row {row}"),
    QT_TRANSLATE_NOOP("Errors", "the {name} are already used by row {row}"),
    QT_TRANSLATE_NOOP("Errors", "the {name} refers to no row of \"{table}\" in the file"),
    # app.llm: the engine and model files
    QT_TRANSLATE_NOOP("Errors", "llama.cpp failed to evaluate the prompt (llama_decode returned {code})."),
    QT_TRANSLATE_NOOP("Errors", "The JSON schema cannot be used to constrain the output ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "llama.cpp could not load {name} ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "A context size of {n} tokens is not valid."),
    QT_TRANSLATE_NOOP("Errors", "The context size {n} is larger than {name} was trained for ({trained} "
                                "tokens)."),
    QT_TRANSLATE_NOOP("Errors", "The model needs about {needed} of memory (weights {weights}, {n} × KV cache "
                                "{cache}) but only {free} is available."),
    QT_TRANSLATE_NOOP("Errors", "{name} uses the model architecture {arch}, which this llama.cpp cannot "
                                "run."),
    QT_TRANSLATE_NOOP("Errors", "There is not enough memory to load {name}."),
    QT_TRANSLATE_NOOP("Errors", "llama.cpp could not allocate a context of {n} tokens ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "The chat template inside {name} cannot be read ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "The model file's header has an unknown value type ({type}) for {key}."),
    QT_TRANSLATE_NOOP("Errors", "The model file's header has an unsupported array in {key}."),
    QT_TRANSLATE_NOOP("Errors", "{name} uses GGUF version {version}, which this app cannot read."),
    QT_TRANSLATE_NOOP("Errors", "The header of {name} is damaged (implausible counts)."),
    QT_TRANSLATE_NOOP("Errors", "{name} is truncated: {size} on disk but the model needs {needed} ({missing} "
                                "missing)."),
    QT_TRANSLATE_NOOP("Errors", "{name} has no 'general.architecture' in its header."),
    QT_TRANSLATE_NOOP("Errors", "The tensor table of {name} is damaged."),
    QT_TRANSLATE_NOOP("Errors", "Unknown meaning model {name}."),
    QT_TRANSLATE_NOOP("Errors", "Choose one of {names}."),
    QT_TRANSLATE_NOOP("Errors", "The meaning model {name} is not installed."),
    QT_TRANSLATE_NOOP("Errors", "The meaning model could not be loaded ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "The meaning model stopped {n} times; recall uses words."),
    QT_TRANSLATE_NOOP("Errors", "The meaning model could not start ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "The meaning model stopped unexpectedly (exit code {code})."),
    QT_TRANSLATE_NOOP("Errors", "The model's process stopped while loading the model (exit code {code})."),
    QT_TRANSLATE_NOOP("Errors", "The model's process stopped while it worked (exit code {code})."),
    QT_TRANSLATE_NOOP("Errors", "The model's process stopped {n} times."),
    QT_TRANSLATE_NOOP("Errors", "The model's process could not start ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "The model catalog repeats a name: {name}"),
    QT_TRANSLATE_NOOP("Errors", "The model catalog must mark exactly one default model, found {n}"),
    QT_TRANSLATE_NOOP("Errors", "Bad model entry in the catalog: {entry}"),
    QT_TRANSLATE_NOOP("Errors", "The model catalog is not valid TOML: {reason}"),
    QT_TRANSLATE_NOOP("Errors", "Cannot read the model catalog {path}: {reason}"),
    QT_TRANSLATE_NOOP("Errors", "The chosen model file {path} is missing."),
    QT_TRANSLATE_NOOP("Errors", "The chosen model file {path} cannot be read: {reason}."),
    QT_TRANSLATE_NOOP("Errors", "The chosen model file {path} is not a GGUF model."),
    # app.llm: downloads
    QT_TRANSLATE_NOOP("Errors", "Lost the connection to {host} while downloading {name}: {reason}."),
    QT_TRANSLATE_NOOP("Errors", "The hub now serves a different {name} (sha256 {got}…) than Hearth's catalog "
                                "expects ({expected}…); nothing was downloaded."),
    QT_TRANSLATE_NOOP("Errors", "{host} did not report a sha256 for {name}, so the download could not be "
                                "verified."),
    QT_TRANSLATE_NOOP("Errors", "The hub reports {name} as {size} bytes, the catalog as {expected}."),
    QT_TRANSLATE_NOOP("Errors", "{host} did not report the size of {name}."),
    QT_TRANSLATE_NOOP("Errors", "{repo}/{name} (revision {revision}) was not found on {host}."),
    QT_TRANSLATE_NOOP("Errors", "{host} refused the download of {name} (HTTP {status})."),
    QT_TRANSLATE_NOOP("Errors", "Cannot reach {host}: {reason}."),
    QT_TRANSLATE_NOOP("Errors", "Cannot write the model file in the data directory: {reason}."),
    QT_TRANSLATE_NOOP("Errors", "The download failed: {reason}"),
    QT_TRANSLATE_NOOP("Errors", "The download could not start ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "The download stopped unexpectedly (its process ended with exit code "
                                "{code}); what was downloaded is kept."),
    QT_TRANSLATE_NOOP("Errors", "Not enough disk space: the download needs {needed} more and {margin} to "
                                "spare; {free} is free in {folder}."),
    QT_TRANSLATE_NOOP("Errors", "The downloaded {name} is not the expected file (sha256 {got}…, {size} "
                                "bytes; "
                                "expected {expected}…, {expected_size} bytes)."),
    QT_TRANSLATE_NOOP("Errors", "Download of {name} paused at {done} of {total}."),
    # app.llm: the model server
    QT_TRANSLATE_NOOP("Errors", "The server said: {message}"),
    QT_TRANSLATE_NOOP("Errors", "The server refused access (HTTP {status})."),
    QT_TRANSLATE_NOOP("Errors", "The server has no {route} (HTTP {status})."),
    QT_TRANSLATE_NOOP("Errors", "The server gave up waiting (HTTP {status})."),
    QT_TRANSLATE_NOOP("Errors", "The server answered HTTP {status}."),
    QT_TRANSLATE_NOOP("Errors", "The server's answer to {route} is not a JSON object."),
    QT_TRANSLATE_NOOP("Errors", "The server's answer to {route} is not JSON."),
    QT_TRANSLATE_NOOP("Errors", "The secure connection to {url} failed ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "{url} did not answer within {seconds} s."),
    QT_TRANSLATE_NOOP("Errors", "Nothing is listening at {url} (connection refused)."),
    QT_TRANSLATE_NOOP("Errors", "The name {host} cannot be found."),
    QT_TRANSLATE_NOOP("Errors", "{url} closed the connection ({name})."),
    QT_TRANSLATE_NOOP("Errors", "{url} closed the connection."),
    QT_TRANSLATE_NOOP("Errors", "The connection to {url} was closed."),
    QT_TRANSLATE_NOOP("Errors", "{url} cannot be reached ({reason})."),
    QT_TRANSLATE_NOOP("Errors", "{url} sent something Hearth cannot read ({name})."),
    QT_TRANSLATE_NOOP("Errors", "{url} stopped sending in the middle of the reply."),
    QT_TRANSLATE_NOOP("Errors", "{url} ended the reply without finishing it."),
    QT_TRANSLATE_NOOP("Errors", "{url} ended the reply before it was finished."),
    QT_TRANSLATE_NOOP("Errors", "The server has no model named {name}; it has {models}."),
    QT_TRANSLATE_NOOP("Errors", "The server's context is {n} tokens; Hearth needs at least {needed}."),
    QT_TRANSLATE_NOOP("Errors", "Hearth's context size is set to {n} tokens; it needs at least {needed}."),
    QT_TRANSLATE_NOOP("Errors", "Set the context size to {n} tokens or more."),
    QT_TRANSLATE_NOOP("Errors", "{text} is not an http:// or https:// address."),
    QT_TRANSLATE_NOOP("Errors", "The port in {text} is not a number from 1 to 65535."),
    QT_TRANSLATE_NOOP("Errors", "{host} is not on this computer or the home network, and the address is "
                                "plain "
                                "http: the diary's prompts would cross the internet unencrypted."),
    QT_TRANSLATE_NOOP("Errors", "{host} is outside this computer and the home network; Hearth sends it "
                                "nothing until you confirm."),
    # app.core
    QT_TRANSLATE_NOOP("Errors", "The model's context ({n} tokens) has no room for a message after the "
                                "{reserve}-token reply reserve and the instructions."),
    # app.config: the data folder
    QT_TRANSLATE_NOOP("Errors", "{path} is not a folder."),
    QT_TRANSLATE_NOOP("Errors", "{path} is a home folder; Hearth keeps its diary in a folder of its own."),
    QT_TRANSLATE_NOOP("Errors", "{path} is a shared folder (it has the sticky bit), not a private one."),
    QT_TRANSLATE_NOOP("Errors", "{path} holds other things than a Hearth diary; Hearth leaves it alone."),
)
