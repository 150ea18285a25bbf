/// The system's type declarations as one compact table, which
/// ``SystemTypeTable`` indexes when the type tables are first used and
/// reads in place: a program that never looks a type up pays nothing for
/// it, and one that does pays for one pass over this text, not for
/// hundreds of declarations built.
///
/// One declaration a line, five fields separated by `|`: the identifier;
/// the direct parents; the filename extensions; the MIME types; the
/// English description (empty: none). Lists are separated by `,`, the
/// preferred tag first. Tags are in their stored form (lower case), so
/// lookups compare them as they are.
///
/// The facts are Apple's: the declarations of macOS 12.7.6's
/// CoreTypes.bundle, checked line by line against a copy of them by
/// `Tests/DocKitTests/UniformTypes/SystemDeclarationFixtureTests.swift`,
/// except for the types Apple changed or added later, which follow Apple's
/// current documentation (see `docs/differences.md`):
/// `net.daringfireball.markdown`, `com.adobe.raw-image`, `public.jpeg-xl`,
/// `public.geojson` and `com.apple.linkpresentation.metadata` (new), and
/// the parents of `public.tar-archive`, `public.executable` and
/// `public.mpeg-4-audio`.
///
/// Order matters: when several types claim a tag, the first wins a lookup.
/// The types DocKit has always declared come first, in their old order
/// (`mp4` is a movie, `plist` a property list), then the rest of Apple's
/// constants in the order of `UTCoreTypes.h`, then the other exported
/// declarations and then the imported ones, each group sorted by
/// identifier.
extension UTType {
  static let systemTable = #"""
    public.item||||item
    public.content||||content
    public.composite-content|public.content|||content
    public.data|public.item||application/octet-stream|data
    public.directory|public.item|||directory
    public.folder|public.directory|||folder
    com.apple.package|public.directory|||Package
    com.apple.bundle|public.directory|||bundle
    public.symlink|public.item,com.apple.resolvable|||symbolic link
    com.apple.resolvable||||resolvable
    com.apple.alias-file|public.data,com.apple.resolvable|||alias
    public.volume|public.folder|||volume
    public.disk-image|public.archive|||disk image
    public.executable|public.item|||executable
    public.unix-executable|public.data,public.executable|||Unix executable
    com.apple.application|public.executable|||application
    public.text|public.data,public.content|||text
    public.plain-text|public.text|txt,text|text/plain|plain text
    public.utf8-plain-text|public.plain-text||text/plain;charset=utf-8,text/plain;charset="utf-8"|UTF-8 plain text
    public.utf16-plain-text|public.plain-text||text/plain;charset=utf-16,text/plain;charset="utf-16"|UTF-16 plain text
    public.utf16-external-plain-text|public.plain-text|||UTF-16 plain text (external)
    public.utf8-tab-separated-values-text|public.tab-separated-values-text,public.utf8-plain-text|||UTF-8 tab-separated values
    public.delimited-values-text|public.text|||delimited text values
    public.comma-separated-values-text|public.plain-text,public.delimited-values-text|csv|text/csv,text/comma-separated-values|comma-separated values
    public.tab-separated-values-text|public.plain-text,public.delimited-values-text|tsv|text/tab-separated-values|tab-separated values
    public.html|public.text|html,htm,shtml,shtm|text/html|HTML text
    public.xml|public.text|xml|application/xml,text/xml|XML text
    public.json|public.text|json|application/json|JSON
    public.yaml|public.text|yml,yaml|application/x-yaml|YAML
    public.rtf|public.text|rtf|text/rtf|rich text (RTF)
    com.apple.rtfd|com.apple.package,public.composite-content|rtfd||rich text with attachments (RTFD)
    com.apple.flat-rtfd|public.data,public.composite-content|||rich text with attachments (RTFD) data
    public.source-code|public.plain-text|||source code
    public.script|public.source-code|||script
    public.shell-script|public.script|sh||shell script
    public.python-script|public.shell-script|py|text/x-python-script|Python script
    public.ruby-script|public.shell-script|rb,rbw|text/x-ruby-script|Ruby script
    public.perl-script|public.shell-script|pl,pm|text/x-perl-script|Perl script
    public.php-script|public.shell-script|php,php3,php4,ph3,ph4,phtml|text/php,text/x-php-script,application/php|PHP script
    com.netscape.javascript-source|public.script,public.executable|js,jscript,javascript,mjs|text/javascript|JavaScript
    public.swift-source|public.source-code|swift||Swift Source Code
    public.c-source|public.source-code|c||C source code
    public.c-header|public.source-code|h||C header code
    public.c-plus-plus-source|public.source-code|cp,cpp,c++,cc,cxx||C++ source code
    public.c-plus-plus-header|public.source-code|hh,hp,hpp,hxx,h++,ipp||C++ header code
    public.objective-c-source|public.source-code|m||Objective-C source code
    public.assembly-source|public.source-code|s||assembly source code
    net.daringfireball.markdown|public.utf8-plain-text|md,markdown|text/markdown|Markdown text
    com.adobe.pdf|public.data,public.composite-content|pdf|application/pdf|PDF document
    com.apple.property-list|public.data|plist||property list
    com.apple.xml-property-list|public.xml,com.apple.property-list|plist||XML property list
    com.apple.binary-property-list|com.apple.property-list|plist||binary property list
    public.image|public.data,public.content|||image
    public.png|public.image|png|image/png|PNG image
    public.jpeg|public.image|jpeg,jpg,jpe|image/jpeg,image/jpg|JPEG image
    public.tiff|public.image|tiff,tif|image/tiff|TIFF image
    com.compuserve.gif|public.image|gif|image/gif|GIF image
    public.svg-image|public.image,public.xml|svg,svgz|image/svg+xml|SVG image
    com.microsoft.bmp|public.image|bmp,dib|image/bmp|Windows BMP image
    com.microsoft.ico|public.image|ico|image/vnd.microsoft.icon|Windows icon image
    public.heif-standard|public.image|||HEIF Image
    public.heic|public.heif-standard|heic|image/heic|HEIC image
    public.heif|public.heif-standard|heif,hif|image/heif|HEIF image
    org.webmproject.webp|public.image|webp|image/webp|WebP Image
    public.camera-raw-image|public.image|||camera raw image
    com.apple.icns|public.image|icns||Apple icon image
    public.archive||||file archive
    public.zip-archive|com.pkware.zip-archive|zip|application/zip,application/x-zip-compressed|Zip archive
    com.pkware.zip-archive|public.data,public.archive|||PKZip archive
    org.gnu.gnu-zip-archive|public.data,public.archive|gz,gzip|application/x-gzip,application/gzip|GZip archive
    public.bzip2-archive|public.data,public.archive|bz2,bz|application/x-bzip2,application/x-bzip,application/bzip2,application/bzip,application/x-bz2|Bzip2 archive
    org.gnu.gnu-tar-archive|public.data,public.archive|gtar|application/x-gtar|GNU tar archive
    public.tar-archive|public.data,public.archive|tar|application/x-tar,application/tar|tar archive
    com.apple.archive|public.data,public.archive|aar,yaa||Apple Archive
    org.idpf.epub-container|public.data,public.composite-content|epub|application/epub+zip|EPUB publication
    public.audiovisual-content|public.data,public.content|||audiovisual content
    public.movie|public.audiovisual-content|||movie
    public.video|public.movie|||video
    public.audio|public.audiovisual-content|||audio
    public.mp3|public.audio|mp3,mpga|audio/mpeg,audio/mpeg3,audio/mpg,audio/mp3,audio/x-mpeg,audio/x-mpeg3,audio/x-mpg,audio/x-mp3|MP3 audio
    public.mpeg-4|public.movie|mp4,mpg4|video/mp4,video/mp4v-es|MPEG-4 movie
    public.mpeg-4-audio|public.mpeg,public.audio|mp4,mpg4|audio/mp4,audio/mp4a-latm|MPEG-4 audio
    com.apple.quicktime-movie|public.movie|mov,qt|video/quicktime|QuickTime movie
    com.microsoft.waveform-audio|public.audio|wav,wave,bwf|audio/vnd.wave,audio/wav,audio/wave,audio/x-wav|Waveform audio
    public.aifc-audio|public.audio|aifc||AIFF-C audio
    public.aiff-audio|public.aifc-audio|aiff,aif|audio/aiff,audio/x-aiff|AIFF audio
    public.midi-audio|public.audio|midi,mid,smf,kar|audio/midi,audio/x-midi|MIDI audio
    public.url|public.data|||URL
    public.file-url|public.url|||file URL
    public.font|public.data|||font
    public.spreadsheet|public.content|||Spreadsheet
    public.presentation|public.composite-content|||presentation
    public.database||||database
    public.message||||message
    public.email-message|public.message|||email message
    public.contact||||contact information
    public.vcard|public.text,public.contact|vcf,vcard|text/vcard,text/directory,text/x-vcard|electronic business card
    public.calendar-event||||calendar event
    com.apple.ical.ics|public.text,public.item,public.calendar-event|ics|text/calendar|ICS File
    public.log|public.item|||Log file
    com.apple.log|public.plain-text,public.log|log||log file
    public.object-code|public.data,public.executable|o||object code
    public.3d-content|public.content|||3D Content
    com.pixar.universal-scene-description-mobile|public.3d-content,public.data|usdz|model/vnd.usdz+zip|Universal Scene Description Package
    public.to-do-item||||to-do item
    public.bookmark||||Bookmark
    public.url-name|public.data|||URL name
    com.apple.mount-point|public.item,com.apple.resolvable|||mount point
    com.apple.bookmark|public.data,com.apple.resolvable|||bookmark
    public.css|public.text|css|text/css|CSS
    public.objective-c-plus-plus-source|public.source-code|mm||Objective-C++ source code
    com.apple.applescript.text|public.script|applescript||AppleScript text
    com.apple.applescript.script|public.data,public.script|scpt||AppleScript
    com.apple.applescript.script-bundle|com.apple.bundle,com.apple.package|scptd||Script bundle
    public.make-source|public.script|make,mak,gmk,mk||Makefile
    com.apple.webarchive|public.data,public.composite-content|webarchive|application/x-webarchive|web archive
    com.apple.live-photo||||Live Photo
    public.heics|public.heif-standard|heics|image/heic-sequence|HEIF Image Sequence
    com.ilm.openexr-image|public.image|exr||OpenEXR image
    com.adobe.raw-image|public.image|dng||
    public.jpeg-xl|public.image|||
    com.pixar.universal-scene-description|public.3d-content,public.data|usd,usda,usdc||Universal Scene Description
    com.apple.reality|public.data|reality|model/vnd.reality|Reality File
    com.apple.scenekit.scene|public.data,public.3d-content|scn,scnz||SceneKit serialized format
    com.apple.arobject|public.data|arobject||AR Reference Object
    public.mpeg|public.movie|mpg,mpeg,mpe,m75,m15|video/mpeg,video/mpg,video/x-mpeg,video/x-mpg|MPEG movie
    public.mpeg-2-video|public.video|m2v|video/mpeg2,video/mpeg2-video|MPEG-2 video
    public.mpeg-2-transport-stream|public.movie|ts||MPEG-2 Transport Stream
    com.apple.protected-mpeg-4-audio|public.audio|m4p||protected MPEG-4 audio
    com.apple.protected-mpeg-4-video|com.apple.m4v-video|||protected MPEG-4 movie
    public.avi|public.movie|avi,vfw|video/avi,video/msvideo,video/x-msvideo|AVI movie
    public.playlist||||playlist
    public.m3u-playlist|public.plain-text,public.playlist|m3u,m3u8|audio/mpegurl,application/vnd.apple.mpegurl,audio/x-mpegurl|M3U Playlist
    com.apple.plugin|com.apple.bundle,com.apple.package|plugin||plug-in
    com.apple.metadata-importer|com.apple.plugin|mdimporter||Spotlight importer
    com.apple.quicklook-generator|com.apple.plugin|qlgenerator||QuickLook preview generator
    com.apple.xpc-service|com.apple.bundle,com.apple.package|xpc||XPC Service
    com.apple.framework|com.apple.bundle|framework||framework
    com.apple.application-bundle|com.apple.application,com.apple.localizable-name-bundle,com.apple.package|app||
    com.apple.application-and-system-extension|com.apple.xpc-service|appex||Application and System Extension
    com.microsoft.windows-executable|public.data,public.executable|exe|application/x-msdownload|Microsoft Windows application
    com.apple.systempreference.prefpane|com.apple.package,com.apple.bundle|prefpane||System Preference pane
    com.apple.internet-location|public.stored-url,public.data|||internet location
    com.microsoft.internet-shortcut|public.stored-url,public.data|url||Windows Internet shortcut
    com.rsa.pkcs-12|public.data|p12,pfx|application/x-pkcs12|personal information exchange (PKCS#12)
    public.x509-certificate|public.data|cer,der,crt,pem|application/x-x509-ca-cert|certificate (X.509)
    com.apple.haptics.ahap|public.haptics-content,public.json|ahap||Apple Haptics Audio Pattern
    public.geojson||||
    com.apple.linkpresentation.metadata|public.data|||
    ca.mcgill.mni.bic.mnc|public.image|mnc,minc||MINC Image
    com.adobe.postscript-font|public.font|||PostScript font
    com.adobe.postscript-lwfn-font|com.adobe.postscript-font|||PostScript Type 1 outline font
    com.adobe.postscript-pfa-font|com.adobe.postscript-font|pfa||PostScript Type 1 outline font
    com.adobe.postscript-pfb-font|com.adobe.postscript-font|pfb||PostScript Type 1 outline font
    com.apple.active-webpage||||Active Web Page
    com.apple.afp-internet-location|com.apple.internet-location|afploc||AFP internet location
    com.apple.airdrop||||AirDrop
    com.apple.airport|com.apple.device|||AirPort Extreme
    com.apple.airport-express|com.apple.device|||AirPort Express
    com.apple.airport-extreme-tower|com.apple.airport|||AirPort Extreme
    com.apple.airport-time-capsule-tower|com.apple.time-capsule|||Time Capsule
    com.apple.alert||||Alert
    com.apple.alert-caution|com.apple.alert|||Alert Caution
    com.apple.alert-note|com.apple.alert|||Alert Note
    com.apple.alert-stop|com.apple.alert|||Alert Stop
    com.apple.alias-record|public.data,com.apple.resolvable|||alias data
    com.apple.apple-tv|com.apple.ios-device|||Apple TV
    com.apple.applesingle-archive|public.data,public.archive|as||AppleSingle archive
    com.apple.application-file|com.apple.application,public.data|app||
    com.apple.application-placeholder|com.apple.application-bundle|placeholder||
    com.apple.applications-folder|public.folder|||
    com.apple.ascii-property-list|public.text,com.apple.property-list|plist||ascii property list
    com.apple.audio-unit-preset|com.apple.xml-property-list|aupreset||audio unit preset
    com.apple.binhex-archive|public.data,public.archive|hqx|application/mac-binhex40,application/mac-binhex,application/binhex|BinHex archive
    com.apple.bom-archive|public.archive|||BOM-compatible archive
    com.apple.bom-compressed-cpio|public.data,com.apple.bom-archive|cpgz||BOM-generated compressed CPIO archive
    com.apple.bonjour||||Bonjour
    com.apple.cinema-display|public.display|||Cinema Display
    com.apple.cocoa.pasteboard.character-formatting|public.data|||character format
    com.apple.cocoa.pasteboard.color|public.data|||color
    com.apple.cocoa.pasteboard.find-panel-search-options|public.data|||search options
    com.apple.cocoa.pasteboard.multiple-text-selection|public.data|||text selection
    com.apple.cocoa.pasteboard.paragraph-formatting|public.data|||paragraph format
    com.apple.cocoa.pasteboard.sound|public.data|||sound
    com.apple.color-file|public.data|clr,ccl||Color File
    com.apple.colorsync-profile|public.data|icc,icm,pf||ColorSync profile
    com.apple.configprofile|public.xml|configprofile||configuration profile
    com.apple.coreaudio-format|public.audio|caf||Apple CoreAudio format
    com.apple.crashreport|public.utf8-plain-text,public.log|crash||Crash Report
    com.apple.csstore|public.data,public.database|csstore||
    com.apple.dashboard-widget|com.apple.localizable-name-bundle,com.apple.package|wdgt||Dashboard widget
    com.apple.data-container|public.folder,com.apple.localizable-name-bundle|||
    com.apple.deprecated-application-file|com.apple.application-file|||
    com.apple.desktop-folder|public.folder|||Desktop Folder
    com.apple.developer-folder|public.folder|||Developer Folder
    com.apple.developer-transition-kit-2005|com.apple.mac.tower|||
    com.apple.developer-transition-kit-2020|com.apple.mac|||
    com.apple.device|public.device|||Apple device
    com.apple.device-model-code|public.text|||device model code
    com.apple.document-type.system-folder|public.folder|||System Folder
    com.apple.documents-folder|public.folder|||Documents Folder
    com.apple.dot-mac||||.Mac
    com.apple.downloads-folder|public.folder|||Downloads Folder
    com.apple.driver-extension|com.apple.localizable-name-bundle,com.apple.package|dext||Driver Extension
    com.apple.drop-folder|public.folder|||
    com.apple.emac|com.apple.mac|||eMac
    com.apple.encrypted-archive|public.data,public.archive|aea||Apple Encrypted Archive
    com.apple.file-internet-location|com.apple.internet-location|fileloc||file internet location
    com.apple.file-server|public.storage|||File Server
    com.apple.file-system-plug-in|com.apple.plugin|fs||File System Plug-in
    com.apple.file-vault||||File Vault
    com.apple.finder.burn-folder|public.folder|fpbf||Burn Folder
    com.apple.finder.clipping|public.data|||clipping
    com.apple.finder.pictclipping|com.apple.finder.clipping,public.image|pictclipping||picture clipping
    com.apple.finder.recent-items|com.apple.finder.smart-folder|||Recent Items
    com.apple.finder.smart-folder|public.data|savedsearch||Smart Folder
    com.apple.finder.sound-clipping|com.apple.finder.clipping|sndclipping||Sound Clipping
    com.apple.finder.textclipping|com.apple.finder.clipping|textclipping||text clipping
    com.apple.font-suitcase|public.font|suit||font suitcase
    com.apple.ftp-internet-location|com.apple.internet-location|ftploc||FTP internet location
    com.apple.generic-airdisk|public.storage|||Generic AirDisk
    com.apple.generic-bundle|com.apple.bundle,com.apple.package|bundle||bundle
    com.apple.generic-internet-location|com.apple.internet-location|inetloc||internet location
    com.apple.generic-stationery|public.data|||Stationery
    com.apple.generic-time-machine-disk|public.storage|||Generic Time Machine Disk
    com.apple.gpuRestart|public.utf8-plain-text,public.log|gpurestart||GPU Restart
    com.apple.groups-folder|public.folder|||Groups Folder
    com.apple.guest-user|com.apple.user|||Guest User
    com.apple.hangreport|public.utf8-plain-text,public.log|hang||Hang Report
    com.apple.help-document|public.data|||Help Document
    com.apple.home-folder|public.folder|||Home Folder
    com.apple.homebuttonless-ipad|com.apple.ipad,com.apple.homebuttonless-device|||
    com.apple.homebuttonless-iphone|com.apple.iphone,com.apple.homebuttonless-device|||
    com.apple.homepod|com.apple.ios-device,public.speaker|||HomePod
    com.apple.iCloud|public.item|||iCloud
    com.apple.ibook-g4|com.apple.mac.laptop|||iBook G4
    com.apple.ical.vcs|public.text,public.item,public.calendar-event|vcs,vcal|text/x-vcalendar|VCS File
    com.apple.icloud-file-fault|public.data|icloud||iCloud synchronization file
    com.apple.iconset|public.folder|iconset||Icon Set
    com.apple.idisk||||iDisk
    com.apple.iig-source|public.c-source|iig||IOKit Interface Generator source code
    com.apple.imac|com.apple.mac|||iMac
    com.apple.imac-15-1|com.apple.imac-unibody-27-no-optical|||
    com.apple.imac-2021|com.apple.imac|||
    com.apple.imac-2021-blue|com.apple.imac-2021|||
    com.apple.imac-2021-green|com.apple.imac-2021|||
    com.apple.imac-2021-orange|com.apple.imac-2021|||
    com.apple.imac-2021-purple|com.apple.imac-2021|||
    com.apple.imac-2021-red|com.apple.imac-2021|||
    com.apple.imac-2021-silver|com.apple.imac-2021|||
    com.apple.imac-2021-yellow|com.apple.imac-2021|||
    com.apple.imac-aluminum-20|com.apple.imac|||
    com.apple.imac-aluminum-24|com.apple.imac|||
    com.apple.imac-core-2-duo|com.apple.imac|||
    com.apple.imac-core-duo|com.apple.imac|||
    com.apple.imac-g4-15|com.apple.imac|||
    com.apple.imac-g4-17|com.apple.imac|||
    com.apple.imac-g4-20|com.apple.imac|||
    com.apple.imac-g5|com.apple.imac|||iMac G5
    com.apple.imac-g5-isight|com.apple.imac|||
    com.apple.imac-iSight-24|com.apple.imac|||
    com.apple.imac-unibody|com.apple.imac|||
    com.apple.imac-unibody-21|com.apple.imac|||
    com.apple.imac-unibody-21-no-optical|com.apple.imac|||
    com.apple.imac-unibody-21-no-optical-2017|com.apple.imac-unibody-21-no-optical|||
    com.apple.imac-unibody-21-no-optical-2019|com.apple.imac-unibody-21-no-optical|||
    com.apple.imac-unibody-21-no-optical.mid-2015|com.apple.imac-unibody-21-no-optical|||
    com.apple.imac-unibody-27-no-optical|com.apple.imac|||
    com.apple.imac-unibody-27-no-optical-2017|com.apple.imac-unibody-27-no-optical|||
    com.apple.imac-unibody-27-no-optical-2019|com.apple.imac-unibody-27-no-optical|||
    com.apple.imac-unibody-27-no-optical-2020|com.apple.imac-unibody-27-no-optical|||
    com.apple.imac-unibody-27-no-optical-late-2015|com.apple.imac-unibody-27-no-optical|||
    com.apple.imacpro-2017|com.apple.imac|||iMac Pro
    com.apple.ink.inktext|public.data|||writing
    com.apple.installer-distribution-package|com.apple.bundle,com.apple.package|dist,distz||Installer distribution
    com.apple.installer-meta-package|com.apple.bundle,com.apple.package|mpkg||Installer package
    com.apple.installer-package|com.apple.bundle,com.apple.package|pkg||Installer package
    com.apple.installer-package-archive|public.data,public.archive|pkg,mpkg||Installer package archive
    com.apple.intelligentsuggestions.assets|com.apple.bundle,com.apple.package|suggestionsassets||Intelligent Suggestions assets
    com.apple.ios-device|com.apple.device|||iOS device
    com.apple.ios-simulator|com.apple.ios-device|||iOS Simulator
    com.apple.ipad|com.apple.ios-device|||iPad
    com.apple.iphone|com.apple.ios-device|||iPhone
    com.apple.iphone-3g|com.apple.iphone|||iPhone 3G
    com.apple.iphone-3gs|com.apple.iphone|||iPhone 3GS
    com.apple.iphone-4|com.apple.iphone|||iPhone 4
    com.apple.iphone-8|com.apple.iphone|||iPhone 8
    com.apple.iphone-8-2|com.apple.iphone-8|||iPhone 8 (Model A1863, A1905, A1906, A1907)
    com.apple.iphone-8-7|com.apple.iphone-8|||iPhone 8 (Model A1863, A1905, A1906, A1907)
    com.apple.iphone-8-8|com.apple.iphone-8|||iPhone 8 (Model A1863, A1905, A1906, A1907)
    com.apple.iphone-8-plus|com.apple.iphone|||iPhone 8 Plus
    com.apple.iphone-8-plus-1|com.apple.iphone-8-plus|||iPhone 8 Plus (Model A1864, A1897, A1898, A1899)
    com.apple.iphone-8-plus-2|com.apple.iphone-8-plus|||iPhone 8 Plus (Model A1864, A1897, A1898, A1899)
    com.apple.iphone-8-plus-3|com.apple.iphone-8-plus|||iPhone 8 Plus (Model A1864, A1897, A1898, A1899)
    com.apple.iphone-x|com.apple.homebuttonless-iphone|||iPhone X
    com.apple.iphone-x-1|com.apple.iphone-x|||iPhone X (Model A1865, A1901, A1902, A1903)
    com.apple.iphone-x-2|com.apple.iphone-x|||iPhone X (Model A1865, A1901, A1902, A1903)
    com.apple.ipod|com.apple.ios-device|||iPod
    com.apple.ipod-classic|com.apple.legacy-ipod|||iPod Classic
    com.apple.ipod-mini|com.apple.legacy-ipod|||iPod Nano
    com.apple.ipod-nano|com.apple.legacy-ipod|||iPod Nano
    com.apple.ipod-shuffle|com.apple.legacy-ipod|||iPod Shuffle
    com.apple.ipod-shuffle-gen1|com.apple.ipod-shuffle|||iPod Shuffle
    com.apple.ipod-shuffle-gen2|com.apple.ipod-shuffle|||iPod Shuffle (2th generation)
    com.apple.ipod-shuffle-gen3|com.apple.ipod-shuffle|||iPod Shuffle (3th generation)
    com.apple.ipod-shuffle-gen4|com.apple.ipod-shuffle|||iPod Shuffle (4th generation)
    com.apple.ipod-touch|com.apple.ipod|||iPod touch
    com.apple.ipod-touch-2|com.apple.ipod|||iPod touch
    com.apple.ipod-touch-3|com.apple.ipod|||iPod touch
    com.apple.ipod-touch-4|com.apple.ipod|||iPod touch
    com.apple.itunes.store-url|public.url|itms||iTunes store URL
    com.apple.kernel-extension|com.apple.bundle,com.apple.package|kext||Kernel Extension
    com.apple.ktrace|public.data,public.log|ktrace||Darwin kernel trace file
    com.apple.led-cinema-display-24|public.display|||LED Cinema Display
    com.apple.led-cinema-display-27|public.display|||LED Cinema Display
    com.apple.legacy-ipod|com.apple.device|||iPod
    com.apple.library-folder|public.folder|||
    com.apple.localizable-name-bundle|com.apple.bundle|||
    com.apple.localized-pdf-bundle|com.apple.localizable-name-bundle,com.apple.package,public.composite-content|lpdf||localized PDF
    com.apple.m4a-audio|public.mpeg-4-audio|m4a|audio/x-m4a|Apple MPEG-4 audio
    com.apple.m4v-video|public.mpeg-4|m4v|video/x-m4v|Apple MPEG-4 movie
    com.apple.mac|public.computer,com.apple.device|||Mac
    com.apple.mac.laptop|com.apple.mac|||Laptop
    com.apple.mac.rackmount|com.apple.mac|||Rack Mount
    com.apple.mac.tower|com.apple.mac|||Tower
    com.apple.macbinary-archive|public.data,public.archive|bin|application/macbinary,application/x-macbinary|MacBinary archive
    com.apple.macbook|com.apple.mac.laptop|||MacBook
    com.apple.macbook-black|com.apple.macbook|||
    com.apple.macbook-retina|com.apple.macbook|||
    com.apple.macbook-retina-gold|com.apple.macbook-retina|||
    com.apple.macbook-retina-gold-2017|com.apple.macbook-retina-gold|||
    com.apple.macbook-retina-gold-2018|com.apple.macbook-retina|||
    com.apple.macbook-retina-rose-gold|com.apple.macbook-retina|||
    com.apple.macbook-retina-rose-gold-2017|com.apple.macbook-retina-rose-gold|||
    com.apple.macbook-retina-silver|com.apple.macbook-retina|||
    com.apple.macbook-retina-silver-2017|com.apple.macbook-retina-silver|||
    com.apple.macbook-retina-space-gray|com.apple.macbook-retina|||
    com.apple.macbook-retina-space-gray-2017|com.apple.macbook-retina-space-gray|||
    com.apple.macbook-unibody|com.apple.macbook|||
    com.apple.macbook-unibody-plastic|com.apple.macbook|||
    com.apple.macbook-white|com.apple.macbook|||
    com.apple.macbookair|com.apple.mac.laptop|||MacBook Air
    com.apple.macbookair-11-unibody|com.apple.macbookair|||
    com.apple.macbookair-13-unibody|com.apple.macbookair|||
    com.apple.macbookair-2018|com.apple.macbookair|||
    com.apple.macbookair-2018-gold|com.apple.macbookair-2018|||
    com.apple.macbookair-2018-silver|com.apple.macbookair-2018|||
    com.apple.macbookair-2018-space-gray|com.apple.macbookair-2018|||
    com.apple.macbookair-2019|com.apple.macbookair-2018|||
    com.apple.macbookair-2019-gold|com.apple.macbookair-2018-gold|||
    com.apple.macbookair-2019-silver|com.apple.macbookair-2018-silver|||
    com.apple.macbookair-2019-space-gray|com.apple.macbookair-2018-space-gray|||
    com.apple.macbookair-2020|com.apple.macbookair-2019|||
    com.apple.macbookair-2020-gold|com.apple.macbookair-2019-gold|||
    com.apple.macbookair-2020-silver|com.apple.macbookair-2019-silver|||
    com.apple.macbookair-2020-space-gray|com.apple.macbookair-2019-space-gray|||
    com.apple.macbookair-late-2020|com.apple.macbookair-2020|||
    com.apple.macbookair-late-2020-gold|com.apple.macbookair-2020-gold,com.apple.macbookair-late-2020|||
    com.apple.macbookair-late-2020-silver|com.apple.macbookair-2020-silver,com.apple.macbookair-late-2020|||
    com.apple.macbookair-late-2020-space-gray|com.apple.macbookair-2020-space-gray,com.apple.macbookair-late-2020|||
    com.apple.macbookpro|com.apple.mac.laptop|||MacBook Pro
    com.apple.macbookpro-13-retina-display|com.apple.macbookpro|||
    com.apple.macbookpro-13-retina-four-usb-ports-2020|com.apple.macbookpro-13-retina-touchid|||
    com.apple.macbookpro-13-retina-four-usb-ports-silver-2020|com.apple.macbookpro-13-retina-touchid-silver,com.apple.macbookpro-13-retina-four-usb-ports-2020|||
    com.apple.macbookpro-13-retina-four-usb-ports-space-gray-2020|com.apple.macbookpro-13-retina-touchid-space-gray,com.apple.macbookpro-13-retina-four-usb-ports-2020|||
    com.apple.macbookpro-13-retina-touchid|com.apple.macbookpro|||
    com.apple.macbookpro-13-retina-touchid-2017|com.apple.macbookpro-13-retina-touchid|||
    com.apple.macbookpro-13-retina-touchid-2018|com.apple.macbookpro-13-retina-touchid|||
    com.apple.macbookpro-13-retina-touchid-2020|com.apple.macbookpro-13-retina-touchid|||
    com.apple.macbookpro-13-retina-touchid-late-2020|com.apple.macbookpro-13-retina-touchid-2020|||
    com.apple.macbookpro-13-retina-touchid-silver|com.apple.macbookpro-13-retina-touchid|||
    com.apple.macbookpro-13-retina-touchid-silver-2017|com.apple.macbookpro-13-retina-touchid-silver|||
    com.apple.macbookpro-13-retina-touchid-silver-2018|com.apple.macbookpro-13-retina-touchid-silver,com.apple.macbookpro-13-retina-touchid-2018|||
    com.apple.macbookpro-13-retina-touchid-silver-2020|com.apple.macbookpro-13-retina-touchid-silver,com.apple.macbookpro-13-retina-touchid-2020|||
    com.apple.macbookpro-13-retina-touchid-silver-late-2020|com.apple.macbookpro-13-retina-touchid-silver-2020,com.apple.macbookpro-13-retina-touchid-late-2020|||
    com.apple.macbookpro-13-retina-touchid-space-gray|com.apple.macbookpro-13-retina-touchid|||
    com.apple.macbookpro-13-retina-touchid-space-gray-2017|com.apple.macbookpro-13-retina-touchid-space-gray|||
    com.apple.macbookpro-13-retina-touchid-space-gray-2018|com.apple.macbookpro-13-retina-touchid-space-gray,com.apple.macbookpro-13-retina-touchid-2018|||
    com.apple.macbookpro-13-retina-touchid-space-gray-2020|com.apple.macbookpro-13-retina-touchid-space-gray,com.apple.macbookpro-13-retina-touchid-2020|||
    com.apple.macbookpro-13-retina-touchid-space-gray-late-2020|com.apple.macbookpro-13-retina-touchid-space-gray-2020,com.apple.macbookpro-13-retina-touchid-late-2020|||
    com.apple.macbookpro-13-retina-usbc|com.apple.macbookpro|||
    com.apple.macbookpro-13-retina-usbc-2017|com.apple.macbookpro-13-retina-usbc|||
    com.apple.macbookpro-13-retina-usbc-2019|com.apple.macbookpro-13-retina-usbc|||
    com.apple.macbookpro-13-retina-usbc-silver|com.apple.macbookpro-13-retina-usbc|||
    com.apple.macbookpro-13-retina-usbc-silver-2017|com.apple.macbookpro-13-retina-usbc-silver|||
    com.apple.macbookpro-13-retina-usbc-silver-2019|com.apple.macbookpro-13-retina-usbc-silver,com.apple.macbookpro-13-retina-usbc-2019|||
    com.apple.macbookpro-13-retina-usbc-space-gray|com.apple.macbookpro-13-retina-usbc|||
    com.apple.macbookpro-13-retina-usbc-space-gray-2017|com.apple.macbookpro-13-retina-usbc-space-gray|||
    com.apple.macbookpro-13-retina-usbc-space-gray-2019|com.apple.macbookpro-13-retina-usbc-space-gray,com.apple.macbookpro-13-retina-usbc-2019|||
    com.apple.macbookpro-13-unibody|com.apple.macbookpro|||
    com.apple.macbookpro-15|com.apple.macbookpro|||
    com.apple.macbookpro-15-late-2018|com.apple.macbookpro-15-retina-touchid|||
    com.apple.macbookpro-15-retina-display|com.apple.macbookpro|||
    com.apple.macbookpro-15-retina-touchid|com.apple.macbookpro|||
    com.apple.macbookpro-15-retina-touchid-2017|com.apple.macbookpro-15-retina-touchid|||
    com.apple.macbookpro-15-retina-touchid-2018|com.apple.macbookpro-15-retina-touchid|||
    com.apple.macbookpro-15-retina-touchid-silver|com.apple.macbookpro-15-retina-touchid|||
    com.apple.macbookpro-15-retina-touchid-silver-2017|com.apple.macbookpro-15-retina-touchid-silver|||
    com.apple.macbookpro-15-retina-touchid-silver-2018|com.apple.macbookpro-15-retina-touchid-silver,com.apple.macbookpro-15-retina-touchid-2018|||
    com.apple.macbookpro-15-retina-touchid-space-gray|com.apple.macbookpro-15-retina-touchid|||
    com.apple.macbookpro-15-retina-touchid-space-gray-2017|com.apple.macbookpro-15-retina-touchid-space-gray|||
    com.apple.macbookpro-15-retina-touchid-space-gray-2018|com.apple.macbookpro-15-retina-touchid-space-gray,com.apple.macbookpro-15-retina-touchid-2018|||
    com.apple.macbookpro-15-silver-late-2018|com.apple.macbookpro-15-retina-touchid-silver,com.apple.macbookpro-15-late-2018|||
    com.apple.macbookpro-15-space-gray-late-2018|com.apple.macbookpro-15-retina-touchid-space-gray,com.apple.macbookpro-15-late-2018|||
    com.apple.macbookpro-15-unibody|com.apple.macbookpro|||
    com.apple.macbookpro-16|com.apple.macbookpro|||
    com.apple.macbookpro-16-mid-2020|com.apple.macbookpro-16|||
    com.apple.macbookpro-16-silver|com.apple.macbookpro-16|||
    com.apple.macbookpro-16-silver-mid-2020|com.apple.macbookpro-16-silver,com.apple.macbookpro-16-mid-2020|||
    com.apple.macbookpro-16-space-gray|com.apple.macbookpro-16|||
    com.apple.macbookpro-16-space-gray-mid-2020|com.apple.macbookpro-16-space-gray,com.apple.macbookpro-16-mid-2020|||
    com.apple.macbookpro-17|com.apple.macbookpro|||
    com.apple.macbookpro-17-unibody|com.apple.macbookpro|||
    com.apple.mach-o-binary|public.unix-executable|||Mach-O binary
    com.apple.mach-o-bundle|com.apple.mach-o-binary|||Mach-O bundle
    com.apple.mach-o-core|com.apple.mach-o-binary|||Mach-O core
    com.apple.mach-o-dylib|com.apple.mach-o-binary|dylib||Mach-O dynamic library
    com.apple.mach-o-executable|com.apple.mach-o-binary|||Mach-O executable
    com.apple.mach-o-object|com.apple.mach-o-binary|||Mach-O object
    com.apple.macmini|com.apple.mac|||Mac mini
    com.apple.macmini-2018|com.apple.macmini|||
    com.apple.macmini-2020|com.apple.macmini|||
    com.apple.macmini-core-duo|com.apple.macmini|||
    com.apple.macmini-g4|com.apple.macmini|||
    com.apple.macmini-unibody|com.apple.macmini|||
    com.apple.macmini-unibody-no-optical|com.apple.macmini|||
    com.apple.macpaint-image|public.image|pntg||MacPaint image
    com.apple.macpro|com.apple.mac|||Mac Pro
    com.apple.macpro-2019|com.apple.macpro,com.apple.mac.tower|||
    com.apple.macpro-2019-rackmount|com.apple.macpro,com.apple.mac.rackmount|||
    com.apple.macpro-cylinder|com.apple.macpro,com.apple.mac.tower|||
    com.apple.macpro-firewire|com.apple.macpro,com.apple.mac.tower|||
    com.apple.mail-internet-location|com.apple.internet-location|mailloc||mail internet location
    com.apple.mapkit.map-item|public.data|||Map Item
    com.apple.menu-extra|com.apple.package,com.apple.bundle|menu||System Menu Extra
    com.apple.mobileconfig|public.xml|mobileconfig,mobile|application/x-apple-aspen-config|mobile configuration
    com.apple.mobileprovision|public.data|mobileprovision|application/x-apple-aspen-mobileprovision|mobile provision
    com.apple.movie-folder|public.folder|||Movie Folder
    com.apple.mpeg-4-ringtone|public.mpeg-4-audio|m4r|audio/x-m4r|Ringtone
    com.apple.music-folder|public.folder|||Music Folder
    com.apple.network-neighborhood||||neighborhood
    com.apple.news-internet-location|com.apple.internet-location|newsloc||news internet location
    com.apple.notifications||||Notifications
    com.apple.nspboard-type|public.text|||NSPasteboard type
    com.apple.ostype|public.text|||four-character code
    com.apple.panicreport|public.utf8-plain-text,public.log|panic||Panic Report
    com.apple.pasteboard.promised-file-content-type||||Promised file content type
    com.apple.pasteboard.promised-file-url||||Promised file URL
    com.apple.pef-binary|public.data,public.executable|||PEF binary
    com.apple.pict|public.image|pict,pct,pic|image/pict,image/x-pict,image/x-macpict|QuickDraw picture
    com.apple.pictures-folder|public.folder|||Pictures Folder
    com.apple.pkpass|com.apple.bundle,com.apple.package|pkpass|application/vnd.apple.pkpass|Pass
    com.apple.pkpass-data|public.data|pkpass||Pass
    com.apple.pkpasses-data|public.data|pkpasses|application/vnd.apple.pkpasses|Passes
    com.apple.pluginkit|com.apple.bundle,com.apple.package|pluginkit||PlugInKit plug-in
    com.apple.powerbook|com.apple.mac.laptop|||PowerBook
    com.apple.powerbook-g4-12|com.apple.powerbook|||PowerBook G4
    com.apple.powerbook-g4-15|com.apple.powerbook|||PowerBook G4
    com.apple.powerbook-g4-17|com.apple.powerbook|||PowerBook G4
    com.apple.powerbook-g4-titanium|com.apple.powerbook|||PowerBook G4
    com.apple.powermac|com.apple.mac.tower|||Power Mac
    com.apple.powermac-g4-mirrored-drive-doors|com.apple.powermac|||Power Mac G4
    com.apple.powermac-g4-quicksilver|com.apple.powermac|||Power Mac G4
    com.apple.powermac-g5|com.apple.powermac|||Power Mac G5
    com.apple.ppp-plug-in|com.apple.plugin|ppp||PPP Plug-in
    com.apple.private.live-photo-bundle|com.apple.live-photo,com.apple.bundle,com.apple.package|pvt||
    com.apple.pro-display-xdr|public.display|||Pro Display XDR
    com.apple.profile-background-color|public.data|||Profile Background Color
    com.apple.profile-font-and-color|public.data|||Profile Font And Color
    com.apple.profile-font-icon|public.item|||Profile Font
    com.apple.protected-mpeg-4-audio-b|com.apple.protected-mpeg-4-audio|m4b||protected MPEG-4 audio
    com.apple.provisionprofile|public.xml|provisionprofile||provision profile
    com.apple.public-folder|public.folder|||Public Folder
    com.apple.quartz-composer-composition|public.data,public.executable|qtz|application/x-quartzcomposer|Quartz Composer compostion
    com.apple.quicktime-image|public.image|qtif,qti|image/x-quicktime|QuickTime image
    com.apple.rez-source|public.source-code|r||Rez source code
    com.apple.scripting-definition|public.xml|sdef||Scripting Definition
    com.apple.server-applications-folder|public.folder|||
    com.apple.servers-folder|public.folder|||
    com.apple.service-application|com.apple.application-bundle|service||
    com.apple.shazamcatalog|public.data|shazamcatalog||Shazam Catalog
    com.apple.shazamsignature|public.data|shazamsignature||Shazam Signature Data
    com.apple.shutdownStall|public.utf8-plain-text,public.log|shutdownstall||Shutdown Stall
    com.apple.sites-folder|public.folder|||Sites Folder
    com.apple.spinreport|public.utf8-plain-text,public.log|spin||Spin Report
    com.apple.storage-external|public.storage|||External Disk
    com.apple.storage-internal|public.storage|||Internal Disk
    com.apple.storage-netboot|public.storage|||NetBootVolume
    com.apple.storage-removable|public.storage|||Removable Disk
    com.apple.structured-text|public.plain-text|||Structured Text
    com.apple.structured-text.address|com.apple.structured-text|||Address (Structured Text)
    com.apple.structured-text.date|com.apple.structured-text|||Date (Structured Text)
    com.apple.structured-text.telephone-number|com.apple.structured-text|||Telephone Number (Structured Text)
    com.apple.structured-text.transit-information|com.apple.structured-text|||Transit Information (Structured Text)
    com.apple.symbol-export|public.source-code|exp||symbol export list
    com.apple.system-extension|com.apple.localizable-name-bundle,com.apple.package|systemextension||System Extension
    com.apple.systempreference.screen-saver|com.apple.package,com.apple.bundle|saver||Screen Saver
    com.apple.systempreference.screen-slide-saver|com.apple.package,com.apple.bundle|slidesaver||Screen Slide Saver
    com.apple.time-capsule|com.apple.device|||Time Capsule
    com.apple.traditional-mac-plain-text|public.plain-text|||
    com.apple.trash-empty|public.folder|||Trash
    com.apple.trash-full|public.folder|||Full Trash
    com.apple.truetype-datafork-suitcase-font|public.truetype-font|dfont||TrueType datafork font
    com.apple.txn.text-multimedia-data|public.data,public.composite-content|||text with multimedia
    com.apple.user||||User
    com.apple.user-group||||User Group
    com.apple.user-idisk||||User iDisk
    com.apple.user-unknown||||User Unknown
    com.apple.users-folder|public.folder|||Users Folder
    com.apple.utilities-folder|public.folder|||Utilities Folder
    com.apple.virtual-machine|com.apple.mac|||Virtual Machine
    com.apple.vnc-internet-location|com.apple.internet-location|vncloc||VNC Internet Location
    com.apple.watch|com.apple.ios-device|||Apple Watch
    com.apple.watchface|public.data,public.content|watchface||Watchface
    com.apple.web-internet-location|com.apple.internet-location|webloc||web internet location
    com.apple.webkit-plugin|com.apple.plugin|webplugin||WebKit plug-in
    com.apple.x11-mach-o-executable|com.apple.mach-o-binary|||X11 application
    com.apple.xar-archive|public.data,public.archive|xar||XAR Archive
    com.apple.xcode.dsym|com.apple.package|dsym||
    com.apple.xip-archive|com.apple.xar-archive|xip||XIP Secure Archive
    com.apple.xserve|com.apple.mac.rackmount|||Xserve
    com.apple.xserve-g4|com.apple.xserve|||
    com.apple.xserve-g5|com.apple.xserve|||Xserve G5
    com.apple.xserve-xeon|com.apple.xserve|||
    com.audible.aa-audio|public.audio|||Audible.com Audio
    com.audible.aa-audiobook|com.audible.aa-audio|aa|audio/audible,audio/x-pn-audibleaudio,audio/x-audible|Audible.com Audiobook
    com.audible.aax-audiobook|com.audible.aa-audio|aax|audio/vnd.audible.aax|Audible.com Audiobook
    com.microsoft.windows-dynamic-link-library|public.data,public.executable|dll|application/x-msdownload|Microsoft dynamic link library
    com.scenarist.closed-caption|public.text|scc||Scenarist Closed Caption
    com.sony.wave64|public.audio|w64||Wave64 Audio
    com.sun.java-archive|public.zip-archive,public.executable|jar|application/java-archive|Java archive
    com.sun.java-class|public.data,public.executable|class||Java class
    com.sun.java-source|public.source-code|java,jav||Java source code
    com.sun.java-web-start|public.xml|jnlp|application/x-java-jnlp-file,application/jnlp|Java web start
    com.sun.web-application-archive|com.sun.java-archive|war||web application archive
    gov.nih.nifti-1|public.data|nii||NIfTI-1
    org.3gpp.adaptive-multi-rate-audio|public.audio|amr|audio/amr|Adaptive Multi-rate audio
    org.aafassociation.advanced-authoring-format|public.data,public.composite-content|aaf||Advanced Authoring Format
    org.gnu.gnu-zip-tar-archive|org.gnu.gnu-zip-archive|tgz||gzip tar archive
    org.nema.dicom|public.data|dcm,dicom|application/dicom|DICOM
    org.oasis-open.opendocument|public.data|||Open Document
    org.openxmlformats.openxml|public.data|||Office Open XML
    org.w3.webvtt|public.text|vtt|text/vtt|WebVTT Format
    public.3gpp|public.movie|3gp,3gpp,sdv|video/3gpp,audio/3gpp|3GPP movie
    public.3gpp2|public.movie|3g2,3gp2|video/3gpp2,audio/3gpp2|3GPP2 movie
    public.aac-audio|public.audio|aac,adts|audio/aac,audio/x-aac|AAC audio
    public.ac3-audio|public.audio|ac3|audio/ac3|AC-3 audio
    public.ada-source|public.source-code|ada,adb,ads||Ada source code
    public.alembic|public.3d-content,public.data|abc||Alembic 3D Scene
    public.app-category||||Application
    public.app-category.action-games|public.app-category.games|||Action Games
    public.app-category.adventure-games|public.app-category.games|||Adventure Games
    public.app-category.arcade-games|public.app-category.games|||Arcade Games
    public.app-category.board-games|public.app-category.games|||Board Games
    public.app-category.bookmarks|public.app-category|||Bookmarks
    public.app-category.books|public.app-category|||Books
    public.app-category.business|public.app-category|||Business
    public.app-category.card-games|public.app-category.games|||Card Games
    public.app-category.casino-games|public.app-category.games|||Casino Games
    public.app-category.developer-tools|public.app-category|||Developer Tools
    public.app-category.dice-games|public.app-category.games|||Dice Games
    public.app-category.education|public.app-category|||Education
    public.app-category.educational-games|public.app-category.games|||Educational Games
    public.app-category.entertainment|public.app-category|||Entertainment
    public.app-category.family-games|public.app-category.games|||Family Games
    public.app-category.finance|public.app-category|||Finance
    public.app-category.food-and-drink|public.app-category|||Food & Drink
    public.app-category.games|public.app-category|||Games
    public.app-category.graphics-design|public.app-category|||Graphics n Design
    public.app-category.healthcare-fitness|public.app-category|||Healthcare n Fitness
    public.app-category.kids-games|public.app-category.games|||Kids Games
    public.app-category.lifestyle|public.app-category|||Lifestyle
    public.app-category.magazines-and-newspapers|public.app-category|||Magazines & Newspapers
    public.app-category.medical|public.app-category|||Medical
    public.app-category.music|public.app-category|||Music
    public.app-category.music-games|public.app-category.games|||Music Games
    public.app-category.navigation|public.app-category|||Navigation
    public.app-category.news|public.app-category|||News
    public.app-category.photography|public.app-category|||Photography
    public.app-category.photography-and-video|public.app-category.photography,public.app-category.video|||Photo & Video
    public.app-category.productivity|public.app-category|||Productivity
    public.app-category.puzzle-games|public.app-category.games|||Puzzle Games
    public.app-category.racing-games|public.app-category.games|||Racing Games
    public.app-category.reference|public.app-category|||Reference
    public.app-category.role-playing-games|public.app-category.games|||Role Playing Games
    public.app-category.shopping|public.app-category|||Shopping
    public.app-category.simulation-games|public.app-category.games|||Simulation Games
    public.app-category.social-networking|public.app-category|||Social Networking
    public.app-category.sports|public.app-category|||Sports
    public.app-category.sports-games|public.app-category.games|||Sports Games
    public.app-category.strategy-games|public.app-category.games|||Strategy Games
    public.app-category.travel|public.app-category|||Travel
    public.app-category.trivia-games|public.app-category.games|||Trivia Games
    public.app-category.utilities|public.app-category|||Utilities
    public.app-category.video|public.app-category|||Video
    public.app-category.weather|public.app-category|||Weather
    public.app-category.word-games|public.app-category.games|||Word Games
    public.au-audio|public.audio|au,snd|audio/basic|AU audio
    public.audiovisual-content-collection||||Audiovisual Collection
    public.avchd-collection|com.apple.package,public.audiovisual-content-collection|avchd||AVCHD Collection
    public.bash-script|public.shell-script|bash||Bourne-Again Shell script
    public.block-special|public.item|||
    public.c-plus-plus-inline-header|public.c-plus-plus-header|inl||C++ Inline Header
    public.c-plus-plus-source.preprocessed|public.c-plus-plus-source,public.source-code.preprocessed|ii||preprocessed C++ source code
    public.c-source.preprocessed|public.c-source,public.source-code.preprocessed|i||preprocessed C source code
    public.case-insensitive-text|public.text|||
    public.cd-based-media|public.optical-storage-media|||CD
    public.cd-media|public.cd-based-media|||CD
    public.cd-r-media|public.cd-based-media|||CD-R
    public.cd-rw-media|public.cd-based-media|||CD-RW
    public.cdda-audio|public.aifc-audio|cdda||CDDA audio
    public.character-special|public.item|||
    public.computer|public.device|||Computer
    public.cpio-archive|public.data,public.archive|cpio,pax||CPIO archive
    public.csh-script|public.shell-script|csh||C Shell script
    public.device||||Device
    public.display||||Display
    public.downloadable-sound|public.audio|dls|audio/dls|downloadable sound
    public.dv-movie|public.movie|dv,dif|video/x-dv|DV movie
    public.dvd-based-media|public.optical-storage-media|||DVD
    public.dvd-media|public.dvd-based-media|||DVD
    public.dvd-plus-r-media|public.dvd-based-media|||DVD+R
    public.dvd-plus-rw-media|public.dvd-based-media|||DVD+RW
    public.dvd-r-media|public.dvd-based-media|||DVD-R
    public.dvd-ram-media|public.dvd-based-media|||DVD-RAM
    public.dvd-rw-media|public.dvd-based-media|||DVD-RW
    public.dylan-source|public.source-code|dlyan,lid||Dylan source code
    public.elf-binary|public.data,public.executable|||ELF binary
    public.enhanced-ac3-audio|public.audio|eac3,ec3|audio/eac3|Enhanced AC-3 audio
    public.fax|public.image,public.message|||fax
    public.file-sharepoint||||sharepoint
    public.filename-extension|public.case-insensitive-text|||file name extension
    public.flc-animation|public.movie|flc,fli,cel|video/flc|FLC animation
    public.fortran-77-source|public.fortran-source|f77||
    public.fortran-90-source|public.fortran-source|f90||
    public.fortran-95-source|public.fortran-source|f95||
    public.fortran-source|public.source-code|f,for||Fortran source code
    public.generic-pc|public.computer|||PC
    public.geometry-definition-format|public.3d-content,public.text|obj||Geometry Definition File Format
    public.hd-dvd-based-media|public.optical-storage-media|||HD DVD
    public.hd-dvd-media|public.hd-dvd-based-media|||HD DVD
    public.hd-dvd-r-media|public.hd-dvd-based-media|||HD DVD-R
    public.hd-dvd-ram-media|public.hd-dvd-based-media|||HD DVD-RAM
    public.hd-dvd-rw-media|public.hd-dvd-based-media|||HD DVD-RW
    public.jpeg-2000|public.image|jp2,jpf,jpx,j2k,j2c|image/jp2|JPEG 2000 image
    public.ksh-script|public.shell-script|ksh||Korn Shell script
    public.lex-source|public.source-code|l,lm,lmm,lpp,lxx,ll||Lex source code
    public.mig-source|public.source-code|defs,mig||Mig definition source code
    public.mime-type|public.case-insensitive-text|||MIME type
    public.mp2|public.audio|mp2||MP2 audio
    public.mpo-image|public.image|mpo||Multiple Picture Object image
    public.named-pipe|public.item|||
    public.ndjson|public.text|ndjson|application/x-ndjson|NDJSON
    public.objective-c-plus-plus-source.preprocessed|public.objective-c-plus-plus-source,public.source-code.preprocessed|mii||preprocessed Objective-C++ source code
    public.objective-c-source.preprocessed|public.objective-c-source,public.source-code.preprocessed|mi||preprocessed Objective-C source code
    public.opentype-collection-font|public.opentype-font|otc||PostScript OpenType collection font
    public.opentype-font|public.font|otf|font/otf|PostScript OpenType font
    public.optical-storage-media|public.storage|||optical storage media
    public.pascal-source|public.source-code|pas||Pascal source code
    public.patch-file|public.plain-text|patch,diff||patch file
    public.pls-playlist|public.text,public.playlist|pls|audio/x-scpls|PLS Playlist
    public.polygon-file-format|public.3d-content,public.data|ply||Polygon File Format
    public.precompiled-c-header|public.source-code|pch||precompiled C header
    public.precompiled-c-plus-plus-header|public.source-code|pch++||precompiled C++ header
    public.rss|public.xml|rss|application/rss+xml|RSS web feed
    public.socket|public.item|||
    public.source-code.preprocessed|public.source-code|||preprocessed source code
    public.speaker||||Speaker
    public.standard-tesselated-geometry-format|public.3d-content,public.data|stl||Standard Tesselated Geometry File Format
    public.storage||||Storage
    public.stored-url||||
    public.tar-bzip2-archive|public.bzip2-archive|tbz2,tbz||Bzip2 compressed tar archive
    public.tcsh-script|public.shell-script|tcsh||Tenex C Shell script
    public.truetype-collection-font|public.truetype-font|ttc||TrueType collection font
    public.truetype-font|public.font|||TrueType font
    public.truetype-ttf-font|public.truetype-font|ttf|font/ttf|TrueType OpenType font
    public.ulaw-audio|public.audio|ul,ulw,ulaw||uLaw audio
    public.uuencoded-archive|public.data,public.archive|uu|text/x-uuencode|UUEncoded archive
    public.xbitmap-image|public.image|xbm|image/x-xbitmap|X bitmap image
    public.xfd|public.xml|xfd||XML Form (XFD)
    public.xhtml|public.xml|xhtml,xhtm,xht|application/xhtml+xml|XHTML
    public.yacc-source|public.source-code|y,ym,ymm,ypp,yxx,yy||Yacc source code
    public.z-archive|public.data,public.archive|z|application/x-compress|Z archive
    public.zsh-script|public.shell-script|zsh||Z Shell script
    com.adobe.edn|public.data|edn||Adobe DRM Activation Key (EDN)
    com.adobe.encapsulated-postscript|com.adobe.postscript|eps||Encapsulated PostScript
    com.adobe.etd|public.data|etd||Adobe Digital Editions (ETD)
    com.adobe.fdf|public.data|fdf||Adobe Acrobat Forms Document (FDF)
    com.adobe.flash.video|public.movie|flv,f4v,f4p,f4a,f4b|video/x-flv|Flash video
    com.adobe.illustrator.ai-image|public.image|ai||Adobe Illustrator document
    com.adobe.photoshop-image|public.image|psd|image/vnd.adobe.photoshop,image/photoshop,image/x-photoshop,image/psd,application/photoshop|Adobe Photoshop document
    com.adobe.photoshop-large-image|public.image|psb||Adobe Photoshop large document
    com.adobe.postscript|public.data,public.composite-content|ps|application/postscript|PostScript
    com.adobe.xfdf|public.data,public.composite-content|xfdf||Adobe Acrobat Forms Document (XFDF)
    com.allume.stuffit-archive|public.data,public.archive|||StuffIt archive family
    com.apple.accounts-icon|com.apple.document-type|||Accounts Icon
    com.apple.coreml.mlpackage|com.apple.package|mlpackage||Core ML Machine Learning Model Package
    com.apple.coreml.model|public.data|mlmodel,mlkitmodel||Core ML Machine Learning Model
    com.apple.document-type|public.item|||Document Type
    com.apple.document-type.dictionary|com.apple.document-type|||Dictionary
    com.apple.drawing|public.image|drawing||Apple Drawing Format
    com.apple.everyone-icon|com.apple.document-type|||Everyone Icon
    com.apple.garageband.project|com.apple.package,public.audiovisual-content|band,gbproj||GarageBand Project
    com.apple.groupactivities.activity|public.data|groupactivity||Group Activity
    com.apple.iMovieLibrary|com.apple.package|imovielibrary||iMovie Library
    com.apple.iMovieTheater|com.apple.package|theater||iMovie Theater
    com.apple.iWork.Keynote.key|com.apple.package,public.presentation,com.apple.keynote.key|key||Keynote document
    com.apple.iWork.Keynote.key-tef|com.apple.package,public.presentation,com.apple.keynote.key|key-tef||Keynote document
    com.apple.iWork.Keynote.kth|com.apple.package,public.presentation,com.apple.keynote.kth|kth||Keynote theme
    com.apple.iWork.Keynote.sffkey|public.data,public.presentation|key|application/x-iwork-keynote-sffkey|Keynote document
    com.apple.iWork.Keynote.sffkth|public.data,public.presentation|kth|application/x-iwork-keynote-sffkth|Keynote theme
    com.apple.iWork.Numbers.numbers|com.apple.package,public.composite-content,public.spreadsheet|numbers||Numbers document
    com.apple.iWork.Numbers.numbers-tef|com.apple.package,public.composite-content,public.spreadsheet|numbers-tef||Numbers document
    com.apple.iWork.Numbers.sffnumbers|public.data,public.composite-content,public.spreadsheet|numbers|application/x-iwork-numbers-sffnumbers|Numbers document
    com.apple.iWork.Numbers.sfftemplate|public.data,public.composite-content,public.spreadsheet|nmbtemplate|application/x-iwork-numbers-sfftemplate|Numbers template
    com.apple.iWork.Numbers.template|com.apple.package,public.composite-content,public.spreadsheet|nmbtemplate||Numbers template
    com.apple.iWork.Pages.pages|com.apple.package,public.composite-content|pages||Pages document
    com.apple.iWork.Pages.pages-tef|com.apple.package,public.composite-content|pages-tef||Pages document
    com.apple.iWork.Pages.sffpages|public.data,public.composite-content|pages|application/x-iwork-pages-sffpages|Pages document
    com.apple.iWork.Pages.sfftemplate|public.data,public.composite-content|template|application/x-iwork-pages-sfftemplate|Pages template
    com.apple.iWork.Pages.template|com.apple.package,public.composite-content|template||Pages template
    com.apple.icon-decoration||||Icon Decoration
    com.apple.icon-decoration-position||||Icon Decoration Position
    com.apple.icon-decoration-position.center|com.apple.icon-decoration-position|||Icon Decoration Position Center
    com.apple.icon-decoration-position.leading-bottom|com.apple.icon-decoration-position|||Icon Decoration Position Leading Bottom
    com.apple.icon-decoration-position.overlay|com.apple.icon-decoration-position|||Icon Decoration Position Overlay
    com.apple.icon-decoration-position.trailing-bottom|com.apple.icon-decoration-position|||Icon Decoration Position Trailing Bottom
    com.apple.icon-decoration.badge|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration|||Icon Decoration Badge
    com.apple.icon-decoration.badge.checkmark|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Checkmark Badge
    com.apple.icon-decoration.badge.comments|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Comments Badge
    com.apple.icon-decoration.badge.drop-folder|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Drop Folder Badge
    com.apple.icon-decoration.badge.heart|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Heart Badge
    com.apple.icon-decoration.badge.in-review|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration In Review Badge
    com.apple.icon-decoration.badge.locked|com.apple.icon-decoration-position.leading-bottom,com.apple.icon-decoration.system|||Icon Decoration Locked Badge
    com.apple.icon-decoration.badge.locked-by-collaborator|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Locked By Collaborator Badge
    com.apple.icon-decoration.badge.locked-by-user|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Locked By User Badge
    com.apple.icon-decoration.badge.pinned|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Pinned Badge
    com.apple.icon-decoration.badge.private-folder|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Private Folder Badge
    com.apple.icon-decoration.badge.syncing|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Syncing Badge
    com.apple.icon-decoration.badge.trending|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Trending Badge
    com.apple.icon-decoration.badge.warning|com.apple.icon-decoration-position.trailing-bottom,com.apple.icon-decoration.badge|||Icon Decoration Warning Badge
    com.apple.icon-decoration.emboss|com.apple.icon-decoration-position.center,com.apple.icon-decoration|||Icon Decoration Emboss
    com.apple.icon-decoration.system|com.apple.icon-decoration|||Icon Decoration System
    com.apple.icon-decoration.system.alias|com.apple.icon-decoration.system|||Icon Decoration Alias
    com.apple.icon-decoration.system.caution-alert|com.apple.icon-decoration.system|||Icon Decoration Alert Caution
    com.apple.icon-decoration.system.new-folder|com.apple.icon-decoration.system|||Icon Decoration New Folder
    com.apple.icon-decoration.system.unsupported|com.apple.icon-decoration.system|||Icon Decoration Unsupported
    com.apple.icon-overlay.alert-caution-badge|com.apple.document-type|||Alert Caution Badge
    com.apple.icon-overlay.alias-badge|com.apple.document-type|||Alias Badge
    com.apple.icon-overlay.drop-folder-badge|com.apple.document-type|||Drop Folder Badge
    com.apple.icon-overlay.locked-badge|com.apple.document-type|||Locked Badge
    com.apple.icon-overlay.new-folder-badge|com.apple.document-type|||New Folder Badge
    com.apple.icon-overlay.private-folder|com.apple.document-type|||Private Folder
    com.apple.icon-overlay.private-folder-badge|com.apple.document-type|||Private Folder Badge
    com.apple.icon-overlay.unsupported-badge|com.apple.document-type|||Unsupported Badge
    com.apple.keynote.key|com.apple.package,public.presentation|||Keynote document
    com.apple.keynote.kth|com.apple.package,public.presentation|||Keynote theme
    com.apple.legacy.actions-icon|com.apple.document-type|||Actions Icon
    com.apple.legacy.backward-arrow|com.apple.document-type|||Backward Arrow
    com.apple.legacy.burn|com.apple.document-type|||Burn
    com.apple.legacy.clock-icon|com.apple.document-type|||Clock Icon
    com.apple.legacy.connect-to|com.apple.document-type|||Connect To
    com.apple.legacy.customize-toolbar|com.apple.document-type|||Customize Toolbar
    com.apple.legacy.delete-toolbar|com.apple.document-type|||Delete Toolbar
    com.apple.legacy.eject-media|com.apple.document-type|||Eject Media
    com.apple.legacy.erasing|com.apple.document-type|||Erasing
    com.apple.legacy.favorite-items|com.apple.document-type|||Favorite Items
    com.apple.legacy.finder-icon|com.apple.document-type|||Finder
    com.apple.legacy.forward-arrow|com.apple.document-type|||Forward Arrow
    com.apple.legacy.general-icon|com.apple.document-type|||General Icon
    com.apple.legacy.grid|com.apple.document-type|||Grid
    com.apple.legacy.keep-arranged|com.apple.document-type|||Keep Arranged
    com.apple.legacy.locked|com.apple.document-type|||Locked
    com.apple.legacy.magnifying-glass|com.apple.document-type|||Magnifying Glass
    com.apple.legacy.multiple-items|com.apple.document-type|||Multiple Items
    com.apple.legacy.no-write|com.apple.document-type|||No Write
    com.apple.legacy.open-folder|com.apple.document-type|||Open Folder
    com.apple.legacy.question-mark|com.apple.document-type|||Question Mark
    com.apple.legacy.right-container-arrow|com.apple.document-type|||Right Container Arrow
    com.apple.legacy.sidebar-prefs-icon|com.apple.document-type|||Sidebar Prefs Icon
    com.apple.legacy.synchronize|com.apple.document-type|||Synchronize
    com.apple.legacy.toolbar-advanced-icon|com.apple.document-type|||Toolbar Advanced Icon
    com.apple.legacy.toolbar-info-icon|com.apple.document-type|||Toolbar Info Icon
    com.apple.legacy.toolbar-labels-icon|com.apple.document-type|||Toolbar Labels Icon
    com.apple.legacy.unlocked|com.apple.document-type|||Unlocked
    com.apple.legacy.window|com.apple.document-type|||Window
    com.apple.not-loaded|com.apple.document-type|||Not Loaded
    com.apple.unknown-object|com.apple.document-type|||Unknown Object
    com.avid.open-media-framework|public.audiovisual-content|omf||Open Media Framework interchange format
    com.digidesign.sd2-audio|public.audio|sd2||Sound Designer II audio
    com.j2.efx-fax|public.fax|efx|image/efax|eFax fax
    com.j2.jfx-fax|public.fax|jfx||J2 fax
    com.kodak.flashpix-image|public.image|fpx|image/fpx,application/vnd.fpx|FlashPix image
    com.microsoft.advanced-stream-redirector|public.audiovisual-content,public.xml|asx|video/x-ms-asx|Advanced Stream Redirector
    com.microsoft.advanced-systems-format|public.audiovisual-content|asf|video/x-ms-asf|Microsoft Advanced Systems Format
    com.microsoft.cab|public.data,public.archive|cab||Microsoft Cabinet archive
    com.microsoft.excel.sheet.binary.macroenabled|public.zip-archive,public.composite-content,public.spreadsheet,public.executable|xlsb|application/vnd.ms-excel.sheet.binary.macroenabled.12|Microsoft Excel 2007 spreadsheet (macros enabled)
    com.microsoft.excel.xla|public.data|xla||Microsoft Excel add-in
    com.microsoft.excel.xls|public.data,public.composite-content,public.spreadsheet|xls|application/vnd.ms-excel,application/msexcel|Microsoft Excel 97-2004 worksheet
    com.microsoft.excel.xlt|public.data,public.spreadsheet|xlt|application/vnd.ms-excel,application/msexcel|Microsoft Excel 97-2004 template
    com.microsoft.excel.xlw|public.data,public.spreadsheet|xlw|application/vnd.ms-excel,application/msexcel|Microsoft Excel 97-2004 workspace
    com.microsoft.powerpoint.pot|public.data,public.presentation|pot|application/vnd.ms-powerpoint,application/mspowerpoint|Microsoft PowerPoint 97-2004 template
    com.microsoft.powerpoint.pps|public.data,public.presentation|pps|application/vnd.ms-powerpoint,application/mspowerpoint|Microsoft PowerPoint 97-2004 slide show
    com.microsoft.powerpoint.ppt|public.data,public.presentation|ppt|application/vnd.ms-powerpoint,application/mspowerpoint|Microsoft PowerPoint 97-2004 presentation
    com.microsoft.windows-media-wax|public.audio,com.microsoft.advanced-stream-redirector|wax|video/x-ms-wax|Windows media audio
    com.microsoft.windows-media-wm|public.movie,com.microsoft.advanced-systems-format|wm|video/x-ms-wm|Windows media
    com.microsoft.windows-media-wma|public.audio,com.microsoft.advanced-systems-format|wma|video/x-ms-wma|Windows media audio
    com.microsoft.windows-media-wmp|public.movie,com.microsoft.advanced-systems-format|wmp|video/x-ms-wmp|Windows media
    com.microsoft.windows-media-wmv|public.movie,com.microsoft.advanced-systems-format|wmv|video/x-ms-wmv|Windows media
    com.microsoft.windows-media-wmx|public.movie,com.microsoft.advanced-stream-redirector|wmx|video/x-ms-wmx|Windows media
    com.microsoft.windows-media-wvx|public.movie,com.microsoft.advanced-stream-redirector|wvx|video/x-ms-wvx|Windows media
    com.microsoft.word.doc|public.data,public.composite-content|doc|application/msword|Microsoft Word 97-2004 document
    com.microsoft.word.dot|public.data,public.composite-content|dot|application/msword|Microsoft Word 97-2004 template
    com.microsoft.word.wordml|public.xml,public.composite-content|xml||Microsoft Word 2003 XML document
    com.real.realaudio|public.audio|ram,ra|audio/vnd.rn-realaudio,audio/x-pn-realaudio,audio/x-realaudio|RealMedia Audio
    com.real.realmedia|public.movie|rm|application/vnd.rn-realmedia|RealMedia
    com.real.realmedia-vbr|public.movie|rmvb|application/vnd.rn-realmedia-vbr|RealMedia Variable Bitrate
    com.sgi.sgi-image|public.image|sgi|image/sgi|Silicon Graphics image
    com.soundblaster.soundfont|public.audio|sf2||SoundFont audio
    com.stuffit.archive.sidx|com.allume.stuffit-archive|sidx|application/x-stuffitx-index,application/x-sitx-index|StuffIt X index
    com.stuffit.archive.sit|com.allume.stuffit-archive|sit,sea|application/x-stuffit,application/x-sit|StuffIt archive
    com.stuffit.archive.sitx|com.allume.stuffit-archive|sitx|application/x-stuffitx,application/x-sitx|StuffIt X archive
    com.truevision.tga-image|public.image|tga|image/targa,image/tga,application/tga|TGA image
    org.7-zip.7-zip-archive|public.data,public.archive|7z|application/x-7z-compressed|7-Zip archive
    org.khronos.collada.digital-asset-exchange|public.xml,public.audiovisual-content,public.3d-content|dae||Digital Asset Exchange (DAE)
    org.oasis-open.opendocument.chart|org.oasis-open.opendocument,public.composite-content|odc|application/vnd.oasis.opendocument.chart|Open Document chart
    org.oasis-open.opendocument.chart-template|org.oasis-open.opendocument,public.composite-content|otc|application/vnd.oasis.opendocument.chart-template|Open Document chart template
    org.oasis-open.opendocument.database|public.data,public.content,public.database|odb|application/vnd.oasis.opendocument.database|Open Document database
    org.oasis-open.opendocument.formula|org.oasis-open.opendocument,public.content|odf|application/vnd.oasis.opendocument.formula|Open Document formula
    org.oasis-open.opendocument.formula-template|org.oasis-open.opendocument,public.content|otf|application/vnd.oasis.opendocument.formula-template|Open Document formula template
    org.oasis-open.opendocument.graphics|org.oasis-open.opendocument,public.composite-content|odg|application/vnd.oasis.opendocument.graphics|Open Document graphics
    org.oasis-open.opendocument.graphics-template|org.oasis-open.opendocument,public.composite-content|otg|application/vnd.oasis.opendocument.graphics-template|Open Document graphics template
    org.oasis-open.opendocument.image|org.oasis-open.opendocument,public.image|odi|application/vnd.oasis.opendocument.image|Open Document image
    org.oasis-open.opendocument.image-template|org.oasis-open.opendocument,public.image|oti|application/vnd.oasis.opendocument.image-template|Open Document image template
    org.oasis-open.opendocument.presentation|org.oasis-open.opendocument,public.composite-content,public.presentation|odp|application/vnd.oasis.opendocument.presentation|Open Document presentation
    org.oasis-open.opendocument.presentation-template|org.oasis-open.opendocument,public.composite-content,public.presentation|otp|application/vnd.oasis.opendocument.presentation-template|Open Document presentation template
    org.oasis-open.opendocument.spreadsheet|org.oasis-open.opendocument,public.composite-content,public.spreadsheet|ods|application/vnd.oasis.opendocument.spreadsheet|Open Document spreadsheet
    org.oasis-open.opendocument.spreadsheet-template|org.oasis-open.opendocument,public.composite-content,public.spreadsheet|ots|application/vnd.oasis.opendocument.spreadsheet-template|Open Document spreadsheet template
    org.oasis-open.opendocument.text|org.oasis-open.opendocument,public.composite-content|odt|application/vnd.oasis.opendocument.text|Open Document text
    org.oasis-open.opendocument.text-master|org.oasis-open.opendocument,public.composite-content|odm|application/vnd.oasis.opendocument.text-master|Open Document text master
    org.oasis-open.opendocument.text-template|org.oasis-open.opendocument,public.composite-content|ott|application/vnd.oasis.opendocument.text-template|Open Document text template
    org.oasis-open.opendocument.text-web|org.oasis-open.opendocument,public.composite-content|oth|application/vnd.oasis.opendocument.text-web|Open Document HTML template
    org.openoffice.formula|public.data,public.content|sxm,smf|application/vnd.sun.xml.math,application/vnd.stardivision.math|OpenOffice.org 1.0 Formula
    org.openoffice.graphics|public.data,public.content|sxd,sda|application/vnd.sun.xml.draw,application/vnd.stardivision.draw|OpenOffice.org 1.0 Drawing
    org.openoffice.graphics-template|public.data,public.content|std|application/vnd.sun.xml.draw.template|OpenOffice.org 1.0 Drawing Template
    org.openoffice.presentation|public.data,public.content,public.presentation|sxi,sdd,sdp|application/vnd.sun.xml.impress,application/vnd.stardivision.impress,application/vnd.stardivision.impress-packed|OpenOffice.org 1.0 Presentation
    org.openoffice.presentation-template|public.data,public.content,public.presentation|sti|application/vnd.sun.xml.impress.template|OpenOffice.org 1.0 Presentation Template
    org.openoffice.spreadsheet|public.data,public.spreadsheet|sxc,sdc|application/vnd.sun.xml.calc,application/vnd.stardivision.calc|OpenOffice.org 1.0 Spreadsheet
    org.openoffice.spreadsheet-template|public.data,public.spreadsheet|stc|application/vnd.sun.xml.calc.template|OpenOffice.org 1.0 Spreadsheet Template
    org.openoffice.text|public.data,public.content|sxw,sdw|application/vnd.sun.xml.writer,application/vnd.stardivision.writer|OpenOffice.org 1.0 Text
    org.openoffice.text-master|public.data,public.content|sxg|application/vnd.sun.xml.writer.global|OpenOffice.org 1.0 Master
    org.openoffice.text-template|public.data,public.content|stw|application/vnd.sun.xml.writer.template|OpenOffice.org 1.0 Text Template
    org.openxmlformats.presentationml.presentation|org.openxmlformats.openxml,public.presentation|pptx|application/vnd.openxmlformats-officedocument.presentationml.presentation|Office Open XML presentation
    org.openxmlformats.presentationml.presentation.macroenabled|org.openxmlformats.openxml,public.presentation,public.executable|pptm|application/vnd.ms-powerpoint.presentation.macroenabled.12|Office Open XML presentation (macros enabled)
    org.openxmlformats.presentationml.slideshow|org.openxmlformats.openxml,public.presentation|ppsx|application/vnd.openxmlformats-officedocument.presentationml.slideshow|Office Open XML slide show
    org.openxmlformats.presentationml.slideshow.macroenabled|org.openxmlformats.openxml,public.presentation,public.executable|ppsm|application/vnd.ms-powerpoint.slideshow.macroenabled.12|Office Open XML slide show (macros enabled)
    org.openxmlformats.presentationml.template|org.openxmlformats.openxml,public.presentation|potx|application/vnd.openxmlformats-officedocument.presentationml.template|Office Open XML presentation template
    org.openxmlformats.presentationml.template.macroenabled|org.openxmlformats.openxml,public.presentation,public.executable|potm|application/vnd.ms-powerpoint.template.macroenabled.12|Office Open XML presentation template (macros enabled)
    org.openxmlformats.spreadsheetml.sheet|org.openxmlformats.openxml,public.composite-content,public.spreadsheet|xlsx|application/vnd.openxmlformats-officedocument.spreadsheetml.sheet|Office Open XML spreadsheet
    org.openxmlformats.spreadsheetml.sheet.macroenabled|org.openxmlformats.openxml,public.composite-content,public.spreadsheet,public.executable|xlsm|application/vnd.ms-excel.sheet.macroenabled.12|Office Open XML spreadsheet (macros enabled)
    org.openxmlformats.spreadsheetml.template|org.openxmlformats.openxml,public.composite-content,public.spreadsheet|xltx|application/vnd.openxmlformats-officedocument.spreadsheetml.template|Office Open XML spreadsheet template
    org.openxmlformats.spreadsheetml.template.macroenabled|org.openxmlformats.openxml,public.composite-content,public.spreadsheet,public.executable|xltm|application/vnd.ms-excel.template.macroenabled.12|Office Open XML spreadsheet template (macros enabled)
    org.openxmlformats.wordprocessingml.document|org.openxmlformats.openxml,public.composite-content|docx|application/vnd.openxmlformats-officedocument.wordprocessingml.document|Office Open XML word processing document
    org.openxmlformats.wordprocessingml.document.macroenabled|org.openxmlformats.openxml,public.composite-content,public.executable|docm|application/vnd.ms-word.document.macroenabled.12|Office Open XML word processing document (macros enabled)
    org.openxmlformats.wordprocessingml.template|org.openxmlformats.openxml,public.composite-content|dotx|application/vnd.openxmlformats-officedocument.wordprocessingml.template|Office Open XML word processing template
    org.openxmlformats.wordprocessingml.template.macroenabled|org.openxmlformats.openxml,public.composite-content,public.executable|dotm|application/vnd.ms-word.template.macroenabled.12|Office Open XML word processing template (macros enabled)
    org.smpte.mxf|public.movie|mxf|application/mxf|Material eXchange Format
    org.tukaani.tar-xz-archive|public.data,public.archive|txz||xz compressed tar archive
    org.tukaani.xz-archive|public.data,public.archive|xz|application/x-xz|xz compressed archive
    org.webmproject.webm|public.movie|webm|video/webm,audio/webm|WebM Media
    org.xiph.flac|public.audio|flac|audio/flac|FLAC audio
    public.avci|public.heif-standard|avci|image/avci|
    public.avcs|public.heif-standard|avcs|image/avcs|HEIF Image Sequence
    public.haptics-content||||Haptics content
    public.heifs|public.heif-standard|heifs|image/heif-sequence|HEIF Image Sequence
    public.mp4a-latm|public.audio||audio/mp4a-latm|Low-overhead MPEG-4 Audio Transport Multiplex
    public.mp4a-loas|public.audio|loas,latm||Low Overhead MPEG-4 Audio Stream
    public.ofd|public.data,public.composite-content|ofd|application/ofd|Open Fixed-layout Document
    """#
}
